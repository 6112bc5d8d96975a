import { type InvoiceSnapshot } from "~/domain/records/invoice-schemas";
import { INVOICE_LABELS as L } from "~/domain/records/invoice-texts";
import { formatMoney } from "~/lib/money";

/* The invoice as issued: Polish and English side by side in every label, one A4 page in print. */

const percent = (bp: number) => `${(bp / 100).toLocaleString("pl-PL", { maximumFractionDigits: 2 })}%`;
const zloty = (grosze: number) => `${(grosze / 100).toLocaleString("pl-PL", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} zł`;

function Party({ label, name, address, extra }: { label: string; name: string; address: string; extra: string[] }) {
  return (
    <section className="invoice-party">
      <h2>{label}</h2>
      <p className="invoice-lines">
        <strong>{name}</strong>
        {"\n"}
        {address}
        {extra.map((line) => `\n${line}`).join("")}
      </p>
    </section>
  );
}

function Lines({ s }: { s: InvoiceSnapshot }) {
  return (
    <table className="invoice-table">
      <thead>
        <tr>
          <th scope="col">{L.item}</th>
          <th scope="col">{L.quantity}</th>
          <th scope="col">{L.unitGross}</th>
          <th scope="col">{L.discount}</th>
          <th scope="col">{L.lineGross}</th>
        </tr>
      </thead>
      <tbody>
        {s.lines.map((line, i) => (
          <tr key={i}>
            <td>{line.title}</td>
            <td>{line.quantity}</td>
            <td>{formatMoney(line.unitGrossCents)}</td>
            <td>{line.discountCents ? formatMoney(-line.discountCents) : "—"}</td>
            <td>{formatMoney(line.grossCents)}</td>
          </tr>
        ))}
        <tr>
          <td>
            {L.shipping}: {s.shipping.name}
          </td>
          <td>1</td>
          <td>{formatMoney(s.shipping.grossCents)}</td>
          <td>—</td>
          <td>{formatMoney(s.shipping.grossCents)}</td>
        </tr>
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={4}>
            {L.total}
          </th>
          <td data-invoice-total="">{formatMoney(s.totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function TaxRates({ s }: { s: InvoiceSnapshot }) {
  return (
    <table className="invoice-table invoice-vat">
      <thead>
        <tr>
          <th scope="col">{L.vatRate}</th>
          <th scope="col">{L.net}</th>
          <th scope="col">{L.vat}</th>
          <th scope="col">{L.gross}</th>
        </tr>
      </thead>
      <tbody>
        {s.taxRates.map((r, i) => (
          <tr key={i}>
            <td>
              {percent(r.rateBp)}
              {r.country ? ` (${r.country})` : ""}
            </td>
            <td>{formatMoney(r.netCents)}</td>
            <td>{formatMoney(r.taxCents)}</td>
            <td>{formatMoney(r.grossCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function InvoiceView({ s }: { s: InvoiceSnapshot }) {
  return (
    <article className="invoice" lang="pl">
      {s.business ? <p className="invoice-info">{L.forInformation}</p> : null}
      <header className="invoice-head">
        <h1>
          {L.title} <span className="invoice-number">{s.number}</span>
        </h1>
        <dl className="invoice-dates">
          <dt>{L.issueDate}</dt>
          <dd>{s.issueDate}</dd>
          <dt>{L.saleDate}</dt>
          <dd>{s.saleDate}</dd>
        </dl>
      </header>
      <div className="invoice-parties">
        <Party label={L.seller} name={s.seller.legalName} address={s.seller.address} extra={s.seller.vatLine ? [s.seller.vatLine] : []} />
        <Party label={L.buyer} name={s.buyer.name} address={s.buyer.address} extra={s.buyer.taxId ? [`${L.taxId}: ${s.buyer.taxId}`] : []} />
      </div>
      <Lines s={s} />
      {s.regime === "exempt" ? (
        <p className="invoice-exemption">
          <strong>{L.exemption}:</strong> {s.exemptionText}
        </p>
      ) : (
        <TaxRates s={s} />
      )}
      {s.pln ? (
        <p className="invoice-pln">
          {L.nbpRate}: tabela {s.pln.table} z {s.pln.date}: 1 USD = {s.pln.mid.toFixed(4)} PLN; razem / total: {zloty(s.pln.totalGrosze)}
        </p>
      ) : null}
      {s.business ? <p className="invoice-ksef">{L.ksefNote}</p> : null}
    </article>
  );
}
