// A local stand-in for the National Bank of Poland's exchange-rate API (https://api.nbp.pl), for
// the tests and the demo: the shop's job reads it through NBP_API_BASE exactly as it reads the
// bank, so no test reaches the internet and the demo works offline.
//
// Served under /api like the bank (NBP_API_BASE = `${standIn.url}`, which ends in /api):
//   GET /api/exchangerates/rates/a/{code}/                   the newest table's rate
//   GET /api/exchangerates/rates/a/{code}/today/             today's (Warsaw), else 404
//   GET /api/exchangerates/rates/a/{code}/last/{n}/          the n newest (1–255)
//   GET /api/exchangerates/rates/a/{code}/{date}/            that day's, else 404
//   GET /api/exchangerates/rates/a/{code}/{start}/{end}/     a range of at most 93 days, else 400
// answering the bank's JSON ({table, currency, code, rates: [{no, effectiveDate, mid}]}) and its
// plain-text errors ('404 NotFound - Not Found - Brak danych' for a day without a table).
//
// Rates to begin with: one table per Polish business day (weekdays, the fixed-date holidays) up
// to today, numbered from 1 each year as the bank does, near `baseMid`. Tests set their own:
//   in process: standIn.setRates("USD", [...]), standIn.failNext(kind, count), standIn.requests
//   over HTTP (the e2e server, the demo): POST /__stand-in/rates {code, rates},
//   POST /__stand-in/fail-next {kind, count?, ms?}, POST /__stand-in/reset, GET /__stand-in/requests.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { type AddressInfo } from "node:net";

export interface StandInRate {
  /** e.g. '231/A/NBP/2026'. */
  no: string;
  /** YYYY-MM-DD. */
  effectiveDate: string;
  mid: number;
}

/**
 * How the next answers misbehave: `down` 503, `notFound` the bank's 404, `malformed` broken JSON,
 * `absurd` a mid of 4000, `huge` a multi-megabyte body, `slow` an answer after `ms`,
 * `hostile` the right shape with a script for a table number.
 */
export type FailureKind = "down" | "notFound" | "malformed" | "absurd" | "huge" | "slow" | "hostile";

export interface NbpStandIn {
  port: number;
  /** The NBP_API_BASE to give the shop: `http://127.0.0.1:{port}/api`. */
  url: string;
  /** Every path asked, in order (query included). */
  requests: string[];
  setRates(code: string, rates: StandInRate[]): void;
  rates(code: string): StandInRate[];
  failNext(kind: FailureKind, count?: number, ms?: number): void;
  reset(): void;
  close(): Promise<void>;
}

export interface NbpStandInOptions {
  port?: number;
  host?: string;
  /** The dollar's rate the generated tables waver around (default 3.65). */
  baseMid?: number;
  /** Business days of generated history up to today (default 30). */
  days?: number;
  /** "Today" for the generated tables (default the clock). */
  now?: Date;
}

const NAMES: Record<string, string> = { USD: "dolar amerykański", EUR: "euro", GBP: "funt szterling", CHF: "frank szwajcarski" };
const FIXED_HOLIDAYS = new Set(["01-01", "01-06", "05-01", "05-03", "08-15", "11-01", "11-11", "12-24", "12-25", "12-26"]);
const DAY_MS = 86_400_000;

export function warsawDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Warsaw", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

function isBusinessDay(date: string): boolean {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !FIXED_HOLIDAYS.has(date.slice(5));
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Tables for the `days` business days up to `today`, numbered from the year's first business day. */
export function generateRates(today: string, days = 30, baseMid = 3.65): StandInRate[] {
  const dates: string[] = [];
  for (let d = today; dates.length < days; d = addDays(d, -1)) if (isBusinessDay(d)) dates.unshift(d);
  return dates.map((date) => {
    let no = 0;
    for (let d = `${date.slice(0, 4)}-01-01`; d <= date; d = addDays(d, 1)) if (isBusinessDay(d)) no++;
    // A small deterministic wobble, so the days differ.
    const wobble = (((Date.parse(date) / DAY_MS) * 7919) % 200) / 10_000 - 0.01;
    return { no: `${String(no).padStart(3, "0")}/A/NBP/${date.slice(0, 4)}`, effectiveDate: date, mid: Number((baseMid + wobble).toFixed(4)) };
  });
}

function sendText(res: ServerResponse, status: number, text: string) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" }).end(text);
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
}

const NOT_FOUND = "404 NotFound - Not Found - Brak danych";
const BAD_REQUEST = "400 BadRequest - Błędne zapytanie";
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Answers as the bank would on a bad day; false when the answer should then go on normally (slow). */
async function misbehave(res: ServerResponse, code: string, kind: FailureKind, ms: number): Promise<boolean> {
  const body = (rates: unknown[]) => ({ table: "A", currency: NAMES[code] ?? code, code, rates });
  const today = warsawDay(new Date());
  switch (kind) {
    case "down":
      sendText(res, 503, "503 Service Unavailable");
      return true;
    case "notFound":
      sendText(res, 404, NOT_FOUND);
      return true;
    case "malformed":
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end('{"table":"A","code":"USD","rates":[{"no":');
      return true;
    case "absurd":
      sendJson(res, 200, body([{ no: "001/A/NBP/2026", effectiveDate: today, mid: 4000 }]));
      return true;
    case "hostile":
      sendJson(res, 200, body([{ no: "<script>alert(1)</script>", effectiveDate: today, mid: 3.7 }]));
      return true;
    case "huge":
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" });
      res.write('{"table":"A","code":"USD","rates":[');
      for (let i = 0; i < 64 && !res.destroyed; i++) res.write(`${"0,".repeat(32 * 1024)}`);
      res.end("0]}");
      return true;
    case "slow":
      await new Promise((resolve) => setTimeout(resolve, ms));
      return false;
  }
}

export async function startNbpStandIn(options: NbpStandInOptions = {}): Promise<NbpStandIn> {
  const initial = () => new Map([["USD", generateRates(warsawDay(options.now ?? new Date()), options.days ?? 30, options.baseMid ?? 3.65)]]);
  let tables = initial();
  const failures: { kind: FailureKind; ms: number }[] = [];
  const requests: string[] = [];

  /** The rates a bank path selects, or an error status and text. */
  function select(code: string, rest: string[]): StandInRate[] | { status: number; text: string } {
    const all = tables.get(code);
    if (!all) return { status: 404, text: NOT_FOUND };
    const [a, b] = rest;
    let found: StandInRate[];
    if (a === undefined) found = all.slice(-1);
    else if (a === "today") found = all.filter((r) => r.effectiveDate === warsawDay(new Date()));
    else if (a === "last") {
      const n = Number(b);
      if (!Number.isInteger(n) || n < 1 || n > 255) return { status: 400, text: BAD_REQUEST };
      found = all.slice(-n);
    } else if (ISO_DATE.test(a) && b === undefined) found = all.filter((r) => r.effectiveDate === a);
    else if (ISO_DATE.test(a) && b !== undefined && ISO_DATE.test(b)) {
      if (b < a) return { status: 400, text: BAD_REQUEST };
      if ((Date.parse(b) - Date.parse(a)) / DAY_MS > 93)
        return { status: 400, text: "400 BadRequest - Przekroczony limit 93 dni / Limit of 93 days has been exceeded" };
      found = all.filter((r) => r.effectiveDate >= a && r.effectiveDate <= b);
    } else return { status: 400, text: BAD_REQUEST };
    return found.length ? found : { status: 404, text: NOT_FOUND };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    requests.push(url.pathname + url.search);
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "__stand-in") return control(req, res, parts[1] ?? "");
    if (req.method !== "GET") return sendText(res, 405, "405 Method Not Allowed");
    // /api/exchangerates/rates/a/{code}/...
    if (parts[0] !== "api" || parts[1] !== "exchangerates" || parts[2] !== "rates") return sendText(res, 404, "404 NotFound");
    if (parts[3]?.toLowerCase() !== "a" || !parts[4]) return sendText(res, 400, BAD_REQUEST);
    const code = parts[4].toUpperCase();
    const failure = failures.shift();
    if (failure && (await misbehave(res, code, failure.kind, failure.ms))) return;
    const selected = select(code, parts.slice(5));
    if (!Array.isArray(selected)) return sendText(res, selected.status, selected.text);
    sendJson(res, 200, { table: "A", currency: NAMES[code] ?? code, code, rates: selected });
  }

  async function control(req: IncomingMessage, res: ServerResponse, action: string) {
    if (action === "requests" && req.method === "GET") return sendJson(res, 200, { requests });
    if (req.method !== "POST") return sendText(res, 405, "405 Method Not Allowed");
    const body = await readJson(req);
    if (action === "rates" && typeof body.code === "string" && Array.isArray(body.rates)) standIn.setRates(body.code, body.rates as StandInRate[]);
    else if (action === "fail-next" && typeof body.kind === "string") standIn.failNext(body.kind as FailureKind, Number(body.count ?? 1), Number(body.ms ?? 0));
    else if (action === "reset") standIn.reset();
    else return sendText(res, 400, BAD_REQUEST);
    sendJson(res, 200, { ok: true });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendText(res, 500, "500 Internal Server Error");
      else res.destroy();
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const standIn: NbpStandIn = {
    port,
    url: `http://${host}:${port}/api`,
    requests,
    setRates(code, rates) {
      tables.set(
        code.toUpperCase(),
        [...rates].sort((x, y) => x.effectiveDate.localeCompare(y.effectiveDate)),
      );
    },
    rates: (code) => tables.get(code.toUpperCase()) ?? [],
    failNext(kind, count = 1, ms = 0) {
      for (let i = 0; i < count; i++) failures.push({ kind, ms });
    },
    reset() {
      tables = initial();
      failures.length = 0;
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
