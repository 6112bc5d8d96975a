import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { writeWebpVariants } from "../../app/lib/image-pipeline.server";
import { variantFileName, variantSlots } from "../../app/lib/images";
import { fnv1a } from "./random";
import type { FabricPattern } from "./data";

/**
 * Local, download-free product photography for the demo catalogue: an SVG "shop window"
 * (pastel backdrop, arch, soft floor shadow) with a stylised garment silhouette in the
 * product's colour, rendered by sharp to an 800x1000 JPEG and a 300x375 thumbnail.
 */
export const IMAGE_WIDTH = 800;
export const IMAGE_HEIGHT = 1000;
export const THUMB_WIDTH = 300;
export const THUMB_HEIGHT = 375;

export type ImageShape = "dress" | "top" | "skirt" | "trousers" | "coat" | "cape" | "knit" | "sleepwear" | "hat" | "bag" | "trunk" | "shoes";

export type ImageView = "front" | "detail" | "back";

export interface ProductImageSpec {
  shape: ImageShape;
  /** Garment colour as #rrggbb. */
  color: string;
  pattern?: FabricPattern;
  view?: ImageView;
  /** Lower-cased title keywords refine the silhouette (e.g. "beret", "cardigan", "dungarees"). */
  title?: string;
  /** Picks the backdrop; the same seed always gives the same picture. */
  seed?: string;
}

/** Picks a silhouette from the child category name, refined by words of the title. */
export function shapeFor(categoryName: string, title: string): ImageShape {
  const t = title.toLowerCase();
  switch (categoryName) {
    case "Hats":
      return "hat";
    case "Shoes":
      return "shoes";
    case "Bags":
      return /trunk|hamper|hatbox|suitcase/.test(t) ? "trunk" : "bag";
    case "Tops & Blouses":
      return "top";
    case "Skirts & Trousers":
      return /trouser|dungaree|culotte|shorts|jeans|pants/.test(t) ? "trousers" : "skirt";
    case "Coats & Jackets":
      return /cape|cloak|poncho/.test(t) ? "cape" : "coat";
    case "Knitwear":
      return "knit";
    case "Sleepwear":
      if (/gown|robe/.test(t) && !/night/.test(t)) return "coat";
      if (/pyjama|pajama|sleep shirt/.test(t)) return "top";
      return "sleepwear";
    default:
      return "dress";
  }
}

// ---------------------------------------------------------------------------------------------
// Colour helpers

function parseHex(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return [200, 190, 180];
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, "0");
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Mixes a towards b by t (0..1). */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = parseHex(a);
  const [br, bg, bb] = parseHex(b);
  return toHex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Soft boutique backdrops: [top, bottom, dot colour]. */
const BACKDROPS: ReadonlyArray<readonly [string, string, string]> = [
  ["#fbf3ee", "#f1ded4", "#d9b9a8"], // blush
  ["#f3f6ef", "#dfe8d8", "#b3c4a6"], // sage
  ["#f0f4f8", "#dbe5ee", "#a9bccd"], // powder blue
  ["#f6f1f8", "#e6dbee", "#c2afd3"], // lavender
  ["#fbf7ea", "#f0e5c6", "#d6c48e"], // butter
  ["#f8f3eb", "#eae0cf", "#cbb89a"], // oat
];

function backdropFor(seed: string, garment: string): readonly [string, string, string] {
  const start = fnv1a(seed) % BACKDROPS.length;
  // Prefer a backdrop that is not too close in tone to the garment.
  for (let k = 0; k < BACKDROPS.length; k++) {
    const candidate = BACKDROPS[(start + k) % BACKDROPS.length]!;
    const distance = parseHex(candidate[1]).reduce((acc, v, i) => acc + Math.abs(v - parseHex(garment)[i]!), 0);
    if (distance > 90) return candidate;
  }
  return BACKDROPS[start]!;
}

// ---------------------------------------------------------------------------------------------
// Fabric

function fabricPattern(pattern: FabricPattern, c: string): string {
  const light = luminance(c) > 0.72;
  const accent = light ? mix(c, "#6b5a4e", 0.28) : mix(c, "#ffffff", 0.72);
  const dark = mix(c, "#2b211c", 0.35);
  const open = (size: number, extra = "") =>
    `<pattern id="fabric" width="${size}" height="${size}" patternUnits="userSpaceOnUse"${extra}><rect width="${size}" height="${size}" fill="${c}"/>`;
  switch (pattern) {
    case "dots":
      return `${open(48)}${[6, 30].map((x) => [6, 30].map((y) => `<circle cx="${x}" cy="${y}" r="3.2" fill="${accent}"/><circle cx="${x + 12}" cy="${y + 12}" r="3.2" fill="${accent}"/>`).join("")).join("")}</pattern>`;
    case "floral": {
      const petal = light ? mix(c, "#c9788c", 0.45) : mix(c, "#ffffff", 0.78);
      const flower = (x: number, y: number, r: number) =>
        [0, 72, 144, 216, 288]
          .map((a) => {
            const rad = (a * Math.PI) / 180;
            return `<circle cx="${(x + Math.cos(rad) * r * 1.1).toFixed(1)}" cy="${(y + Math.sin(rad) * r * 1.1).toFixed(1)}" r="${r}" fill="${petal}"/>`;
          })
          .join("") + `<circle cx="${x}" cy="${y}" r="${(r * 0.8).toFixed(1)}" fill="#f2d37e"/>`;
      return `${open(56)}<ellipse cx="40" cy="14" rx="5" ry="2.4" fill="#7f9f72" opacity="0.8" transform="rotate(-30 40 14)"/><ellipse cx="12" cy="44" rx="5" ry="2.4" fill="#7f9f72" opacity="0.8" transform="rotate(35 12 44)"/>${flower(14, 14, 3.4)}${flower(42, 40, 3)}</pattern>`;
    }
    case "gingham":
      return `<pattern id="fabric" width="48" height="48" patternUnits="userSpaceOnUse"><rect width="48" height="48" fill="${mix(c, "#ffffff", 0.82)}"/><rect width="12" height="48" fill="${c}" opacity="0.5"/><rect x="24" width="12" height="48" fill="${c}" opacity="0.5"/><rect width="48" height="12" fill="${c}" opacity="0.5"/><rect y="24" width="48" height="12" fill="${c}" opacity="0.5"/></pattern>`;
    case "stripes":
      return `${open(44)}<rect y="0" width="44" height="7" fill="${accent}" opacity="0.85"/><rect y="22" width="44" height="7" fill="${accent}" opacity="0.85"/></pattern>`;
    case "tartan":
      return `${open(48)}<rect x="0" width="14" height="48" fill="${dark}" opacity="0.35"/><rect y="0" width="48" height="14" fill="${dark}" opacity="0.35"/><rect x="30" width="3" height="48" fill="#f4e7b0" opacity="0.55"/><rect y="30" width="48" height="3" fill="#f4e7b0" opacity="0.55"/><rect x="22" width="2" height="48" fill="#1f3a5f" opacity="0.35"/><rect y="22" width="48" height="2" fill="#1f3a5f" opacity="0.35"/></pattern>`;
    case "rib":
      return `${open(40)}${[0, 10, 20, 30].map((x) => `<rect x="${x}" width="2.2" height="40" fill="${dark}" opacity="0.16"/><rect x="${x + 5}" width="1.2" height="40" fill="#ffffff" opacity="0.10"/>`).join("")}</pattern>`;
    case "weave":
      return `${open(40)}${[0, 20].map((o) => `<rect x="${o}" y="${o}" width="10" height="4" fill="${dark}" opacity="0.22"/><rect x="${o + 10}" y="${o + 10}" width="10" height="4" fill="${dark}" opacity="0.22"/><rect x="${(o + 20) % 40}" y="${o}" width="10" height="4" fill="${dark}" opacity="0.22"/><rect x="${(o + 30) % 40}" y="${o + 10}" width="10" height="4" fill="${dark}" opacity="0.22"/>`).join("")}${[0, 20].map((x) => `<rect x="${x}" width="2" height="40" fill="#ffffff" opacity="0.12"/>`).join("")}</pattern>`;
    default:
      return "";
  }
}

// ---------------------------------------------------------------------------------------------
// Silhouettes. Each returns SVG for the garment body; `front` adds front-only details.

interface Palette {
  fill: string;
  base: string;
  stroke: string;
  trim: string;
  shade: string;
  brass: string;
  leather: string;
}

/** A filled garment piece: fabric, a soft sheen and an outline. Class "s" marks it for the drop shadow. */
function part(d: string, p: Palette, fill = p.fill, extra = ""): string {
  return `<path class="s" d="${d}" fill="${fill}" stroke="${p.stroke}" stroke-width="3" stroke-linejoin="round"${extra}/><path d="${d}" fill="url(#sheen)" stroke="none"/>`;
}

function line(d: string, color: string, width: number, opacity: number, extra = ""): string {
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}"${extra}/>`;
}

const HANGER =
  `<path d="M400 176 V150 C400 136 422 130 422 112 C422 97 411 88 398 88 C385 88 376 97 376 108" fill="none" stroke="#a7845c" stroke-width="6" stroke-linecap="round"/>` +
  `<path d="M258 226 Q400 150 542 226" fill="none" stroke="#b8946a" stroke-width="11" stroke-linecap="round"/>` +
  `<path d="M262 222 Q400 150 538 222" fill="none" stroke="#d6b88f" stroke-width="3" stroke-linecap="round" opacity="0.7"/>`;

function buttonsColumn(x: number, ys: number[], p: Palette, r = 6): string {
  return ys.map((y) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${p.trim}" stroke="${p.stroke}" stroke-width="1.5"/>`).join("");
}

function dress(p: Palette, front: boolean, title: string): string {
  const sleeves =
    part("M342 216 C300 222 280 262 284 300 C304 308 322 304 338 294 Z", p) + part("M458 216 C500 222 520 262 516 300 C496 308 478 304 462 294 Z", p);
  const body = part(
    "M338 212 C360 208 372 214 376 220 Q400 262 424 220 C428 214 440 208 462 212 C470 250 482 280 472 312 L458 372 C520 520 580 680 628 812 Q400 862 172 812 C220 680 280 520 342 372 L328 312 C318 280 330 250 338 212 Z",
    p,
  );
  const folds =
    line("M372 396 Q350 600 292 830", p.shade, 3, 0.22) + line("M400 396 V842", p.shade, 3, 0.16) + line("M428 396 Q450 600 508 830", p.shade, 3, 0.22);
  const sash = part("M340 364 L460 364 L464 394 L336 394 Z", p, p.trim);
  const bow = front
    ? `<ellipse cx="378" cy="380" rx="22" ry="13" fill="${p.trim}" stroke="${p.stroke}" stroke-width="2"/><ellipse cx="422" cy="380" rx="22" ry="13" fill="${p.trim}" stroke="${p.stroke}" stroke-width="2"/><circle cx="400" cy="380" r="8" fill="${p.trim}" stroke="${p.stroke}" stroke-width="2"/>` +
      line("M394 388 L380 428", p.trim, 7, 1) +
      line("M406 388 L420 428", p.trim, 7, 1)
    : "";
  const lace = line("M178 818 Q400 872 622 818", "#ffffff", 9, 0.85, ` stroke-dasharray="1 13"`);
  const apron =
    /apron|pinafore/.test(title) && front
      ? part("M352 420 L448 420 C470 560 480 660 486 760 Q400 784 314 760 C320 660 330 560 352 420 Z", p, p.trim, ` opacity="0.92"`) +
        line("M370 640 L430 640", p.stroke, 2, 0.4)
      : "";
  return sleeves + body + folds + apron + sash + bow + lace;
}

function top(p: Palette, front: boolean, title: string): string {
  const body = part(
    "M330 222 C352 214 368 216 376 222 Q400 252 424 222 C432 216 448 214 470 222 L540 262 L574 338 L522 362 L496 318 L502 560 Q400 586 298 560 L304 318 L278 362 L226 338 L260 262 Z",
    p,
  );
  const cuffs = line("M226 338 L278 362", p.trim, 8, 0.9) + line("M574 338 L522 362", p.trim, 8, 0.9);
  const hem = line("M300 556 Q400 580 500 556", p.shade, 3, 0.25);
  if (!front) return body + cuffs + hem;
  const collar = /camisole|cami/.test(title)
    ? line("M372 226 Q400 270 428 226", p.trim, 6, 0.95)
    : `<path d="M376 222 C350 232 350 270 396 266 L400 246 Z" fill="${p.trim}" stroke="${p.stroke}" stroke-width="2"/><path d="M424 222 C450 232 450 270 404 266 L400 246 Z" fill="${p.trim}" stroke="${p.stroke}" stroke-width="2"/>`;
  return body + cuffs + hem + collar + buttonsColumn(400, [300, 350, 400, 450, 500], p, 5);
}

function skirt(p: Palette, front: boolean): string {
  const clips = `<rect x="334" y="206" width="16" height="30" rx="3" fill="#c9a86a"/><rect x="450" y="206" width="16" height="30" rx="3" fill="#c9a86a"/>`;
  const body = part("M328 262 L472 262 C520 400 572 560 602 700 Q400 742 198 700 C228 560 280 400 328 262 Z", p);
  const band = part("M328 232 L472 232 L474 264 L326 264 Z", p, p.trim);
  const pleats = [340, 370, 400, 430, 460].map((x) => line(`M${x} 266 L${400 + (x - 400) * 2.3} 716`, p.shade, 3, 0.2)).join("");
  const button = front ? buttonsColumn(452, [248], p, 5) : "";
  return body + pleats + band + clips + button;
}

function trousers(p: Palette, front: boolean, title: string): string {
  const legs = part("M318 262 L482 262 L522 836 L420 836 L400 430 L380 836 L278 836 Z", p);
  const band = part("M318 232 L482 232 L484 264 L316 264 Z", p, p.trim);
  const creases = line("M350 300 L330 826", p.shade, 3, 0.2) + line("M450 300 L470 826", p.shade, 3, 0.2);
  const cuffs = line("M282 812 L378 812", p.shade, 3, 0.25) + line("M422 812 L518 812", p.shade, 3, 0.25);
  let bib = "";
  if (/dungaree|overall/.test(title)) {
    bib =
      line("M362 186 L292 222", p.fill, 14, 1) +
      line("M438 186 L508 222", p.fill, 14, 1) +
      part("M350 180 L450 180 L456 236 L344 236 Z", p) +
      (front
        ? `<circle cx="362" cy="194" r="7" fill="${p.brass}"/><circle cx="438" cy="194" r="7" fill="${p.brass}"/>` +
          part("M376 196 L424 196 L424 224 L376 224 Z", p)
        : "");
  }
  const clips = bib
    ? ""
    : `<rect x="326" y="206" width="16" height="30" rx="3" fill="#c9a86a"/><rect x="458" y="206" width="16" height="30" rx="3" fill="#c9a86a"/>`;
  return legs + creases + cuffs + band + bib + clips + (front ? buttonsColumn(400, [248], p, 5) : "");
}

function coat(p: Palette, front: boolean, title: string): string {
  const body = part(
    "M322 220 C350 212 370 214 380 220 L400 300 L420 220 C430 214 450 212 478 220 L548 262 L602 566 L556 580 L516 364 L532 828 Q400 848 268 828 L284 364 L244 580 L198 566 L252 262 Z",
    p,
  );
  const seams = line("M284 370 L276 826", p.shade, 2, 0.15) + line("M516 370 L524 826", p.shade, 2, 0.15);
  const cuffs = line("M200 552 L246 566", p.shade, 6, 0.3) + line("M600 552 L554 566", p.shade, 6, 0.3);
  if (!front) return body + seams + cuffs + line("M400 236 L400 560", p.shade, 3, 0.2);
  const lapels = part("M380 220 L350 240 L378 338 L400 300 Z", p, p.shade) + part("M420 220 L450 240 L422 338 L400 300 Z", p, p.shade);
  const placket = line("M402 300 L406 834", p.stroke, 2.5, 0.55);
  const belted = /gown|robe|trench|belt/.test(title);
  const belt = belted
    ? part("M282 470 L518 470 L520 500 L280 500 Z", p, p.trim) +
      `<rect x="386" y="464" width="30" height="42" rx="4" fill="none" stroke="${p.brass}" stroke-width="5"/>` +
      line("M410 500 L430 600", p.trim, 18, 1)
    : "";
  const buttons = belted
    ? buttonsColumn(376, [400, 560, 640], p, 7) + buttonsColumn(428, [400, 560, 640], p, 7)
    : buttonsColumn(376, [390, 470, 550], p, 8) + buttonsColumn(428, [390, 470, 550], p, 8);
  const pockets = part("M300 620 L364 620 L364 638 L300 638 Z", p, p.shade) + part("M436 620 L500 620 L500 638 L436 638 Z", p, p.shade);
  return body + seams + cuffs + lapels + placket + pockets + buttons + belt;
}

function cape(p: Palette, front: boolean): string {
  const body = part(
    "M372 220 Q400 236 428 220 C470 240 520 300 560 420 C600 540 630 660 642 770 Q400 822 158 770 C170 660 200 540 240 420 C280 300 330 240 372 220 Z",
    p,
  );
  const folds =
    line("M330 300 Q290 560 250 790", p.shade, 3, 0.2) + line("M470 300 Q510 560 550 790", p.shade, 3, 0.2) + line("M400 300 V808", p.shade, 2, 0.12);
  const collar = part("M344 212 Q400 272 456 212 L470 238 Q400 306 330 238 Z", p, p.trim);
  const velvet = `<ellipse cx="330" cy="470" rx="60" ry="190" fill="#ffffff" opacity="0.07"/>`;
  const tie = front
    ? `<ellipse cx="384" cy="262" rx="16" ry="10" fill="${p.trim}"/><ellipse cx="416" cy="262" rx="16" ry="10" fill="${p.trim}"/>` +
      line("M396 268 L386 330", p.trim, 5, 1) +
      line("M404 268 L414 330", p.trim, 5, 1) +
      line("M400 280 V800", p.stroke, 2.5, 0.5)
    : "";
  return body + velvet + folds + collar + tie;
}

function knit(p: Palette, front: boolean, title: string): string {
  const body = part(
    "M326 224 C350 214 372 216 378 224 Q400 246 422 224 C428 216 450 214 474 224 L540 256 L592 560 L546 574 L506 340 L508 604 Q400 620 292 604 L294 340 L254 574 L208 560 L260 256 Z",
    p,
  );
  const ribs: string[] = [];
  for (let x = 300; x <= 500; x += 10) ribs.push(line(`M${x} ${x === 300 || x === 500 ? 582 : 584} L${x} 606`, p.shade, 2.5, 0.3));
  const cuffs = line("M210 548 L256 562", p.shade, 14, 0.22) + line("M590 548 L544 562", p.shade, 14, 0.22);
  const neck = line("M374 226 Q400 256 426 226", p.shade, 10, 0.28);
  let details = "";
  if (front) {
    if (/cardigan/.test(title)) {
      details = line("M400 246 L402 606", p.stroke, 3, 0.5) + buttonsColumn(412, [300, 360, 420, 480, 540], p, 6);
    } else {
      const cable = (x: number) => {
        let d = `M${x} 262`;
        for (let y = 262; y < 570; y += 36) d += ` C${x + 16} ${y + 9} ${x + 16} ${y + 27} ${x} ${y + 36}`;
        let e = `M${x} 262`;
        for (let y = 262; y < 570; y += 36) e += ` C${x - 16} ${y + 9} ${x - 16} ${y + 27} ${x} ${y + 36}`;
        return line(d, p.shade, 5, 0.26) + line(e, p.shade, 5, 0.26);
      };
      details = cable(350) + cable(400) + cable(450);
    }
    if (/fair isle|yoke|nordic/.test(title)) {
      const dots: string[] = [];
      for (let x = 336; x <= 464; x += 16)
        dots.push(
          `<rect x="${x - 4}" y="${272 + Math.abs(400 - x) * 0.1}" width="8" height="8" transform="rotate(45 ${x} ${276 + Math.abs(400 - x) * 0.1})" fill="${p.trim}"/>`,
        );
      details += line("M330 262 Q400 300 470 262", p.trim, 4, 0.9) + dots.join("") + line("M330 294 Q400 332 470 294", p.trim, 4, 0.9);
    }
  }
  return body + ribs.join("") + cuffs + neck + details;
}

function sleepwear(p: Palette, front: boolean): string {
  const body = part(
    "M336 218 C356 212 372 214 378 220 Q400 250 422 220 C428 214 444 212 464 218 L520 252 L548 330 L500 350 L478 300 L486 360 C540 560 580 720 600 840 Q400 882 200 840 C220 720 260 560 314 360 L322 300 L300 350 L252 330 L280 252 Z",
    p,
  );
  const folds = line("M360 380 Q330 620 290 850", p.shade, 3, 0.18) + line("M440 380 Q470 620 510 850", p.shade, 3, 0.18);
  const lace =
    line("M206 840 Q400 892 594 840", "#ffffff", 9, 0.85, ` stroke-dasharray="1 12"`) +
    line("M252 330 L300 350", "#ffffff", 7, 0.8, ` stroke-dasharray="1 10"`) +
    line("M548 330 L500 350", "#ffffff", 7, 0.8, ` stroke-dasharray="1 10"`);
  const yoke = front
    ? line("M346 236 Q400 318 454 236", "#ffffff", 7, 0.85, ` stroke-dasharray="1 11"`) +
      `<ellipse cx="388" cy="292" rx="12" ry="7" fill="${p.trim}"/><ellipse cx="412" cy="292" rx="12" ry="7" fill="${p.trim}"/><circle cx="400" cy="292" r="5" fill="${p.trim}"/>`
    : "";
  return body + folds + lace + yoke;
}

function hat(p: Palette, front: boolean, title: string): string {
  const shadow = `<ellipse cx="400" cy="700" rx="230" ry="26" fill="#4a3a30" opacity="0.10"/>`;
  if (/beret/.test(title)) {
    return (
      shadow +
      part("M170 560 C170 450 290 400 400 400 C530 400 640 460 630 560 C620 620 520 640 400 640 C280 640 170 620 170 560 Z", p) +
      part("M250 610 Q400 660 550 610 L548 638 Q400 684 252 638 Z", p, p.shade) +
      line("M400 400 L404 372", p.stroke, 8, 1) +
      (front ? line("M260 520 Q330 470 420 470", "#ffffff", 6, 0.18) : "")
    );
  }
  if (/bobble|beanie|pom/.test(title)) {
    const ribs: string[] = [];
    for (let x = 282; x <= 518; x += 14) ribs.push(line(`M${x} 612 L${x} 668`, p.shade, 3, 0.3));
    return (
      shadow +
      part("M270 660 C262 500 320 420 400 420 C480 420 538 500 530 660 Z", p) +
      part("M264 606 L536 606 L540 676 L260 676 Z", p, p.fill) +
      ribs.join("") +
      `<circle cx="400" cy="398" r="46" fill="${p.trim}" stroke="${p.stroke}" stroke-width="2"/><circle cx="386" cy="384" r="14" fill="#ffffff" opacity="0.25"/>`
    );
  }
  if (/cloche/.test(title)) {
    return (
      shadow +
      part("M236 640 C240 600 262 586 290 580 L510 580 C538 586 560 600 564 640 Q400 680 236 640 Z", p) +
      part("M286 600 C280 470 330 400 400 400 C470 400 520 470 514 600 Z", p) +
      part("M288 560 Q400 590 512 560 L514 596 Q400 624 286 596 Z", p, p.trim) +
      (front
        ? `<g transform="translate(470 574)">${[0, 72, 144, 216, 288].map((a) => `<ellipse cx="0" cy="-14" rx="9" ry="15" fill="#f4dbe2" stroke="#d9a3b3" stroke-width="1.5" transform="rotate(${a})"/>`).join("")}<circle r="7" fill="#f2d37e"/></g>`
        : "")
    );
  }
  // Wide-brimmed sun hat / boater.
  return (
    shadow +
    part("M150 600 C150 560 260 536 400 536 C540 536 650 560 650 600 C650 642 540 664 400 664 C260 664 150 642 150 600 Z", p) +
    part("M280 604 C276 470 330 420 400 420 C470 420 524 470 520 604 Q400 628 280 604 Z", p) +
    part("M282 560 Q400 584 518 560 L520 600 Q400 626 280 600 Z", p, p.trim) +
    (front ? line("M512 580 Q560 620 540 690", p.trim, 10, 0.95) + line("M506 584 Q520 640 486 690", p.trim, 10, 0.95) : "")
  );
}

function bag(p: Palette, front: boolean, title: string): string {
  const shadow = `<ellipse cx="400" cy="740" rx="210" ry="24" fill="#4a3a30" opacity="0.10"/>`;
  if (/clutch|purse|evening/.test(title)) {
    const beads: string[] = [];
    for (let x = 262; x <= 538; x += 18)
      for (let y = 520; y <= 660; y += 18) beads.push(`<circle cx="${x + ((y / 18) % 2) * 9}" cy="${y}" r="3" fill="#ffffff" opacity="0.22"/>`);
    return (
      shadow +
      part("M250 700 L250 530 Q250 500 280 500 L520 500 Q550 500 550 530 L550 700 Q400 716 250 700 Z", p) +
      beads.join("") +
      part("M256 506 Q400 470 544 506 L544 520 Q400 486 256 520 Z", p, p.brass) +
      (front ? `<circle cx="388" cy="478" r="12" fill="${p.brass}"/><circle cx="412" cy="478" r="12" fill="${p.brass}"/>` : "") +
      line("M300 500 C300 330 500 330 500 500", p.brass, 4, 0.9, ` stroke-dasharray="2 6"`)
    );
  }
  return (
    shadow +
    line("M316 470 C316 350 484 350 484 470", p.leather, 16, 1) +
    part("M250 720 L256 500 Q258 468 292 468 L508 468 Q542 468 544 500 L550 720 Q400 736 250 720 Z", p) +
    line("M268 700 Q400 714 532 700", p.shade, 3, 0.25) +
    part("M258 500 Q260 472 292 472 L508 472 Q540 472 542 500 L540 610 Q400 650 260 610 Z", p, p.shade) +
    line("M266 604 Q400 640 534 604", "#ffffff", 2, 0.35, ` stroke-dasharray="6 6"`) +
    (front
      ? `<rect x="384" y="600" width="32" height="40" rx="4" fill="none" stroke="${p.brass}" stroke-width="5"/>` + line("M400 640 L400 676", p.leather, 10, 1)
      : "")
  );
}

function trunk(p: Palette, front: boolean, title: string): string {
  const shadow = `<ellipse cx="400" cy="790" rx="250" ry="26" fill="#4a3a30" opacity="0.12"/>`;
  if (/hatbox/.test(title)) {
    return (
      shadow +
      `<ellipse cx="400" cy="760" rx="200" ry="46" fill="${p.fill}" stroke="${p.stroke}" stroke-width="3"/>` +
      part("M200 500 L200 760 A200 46 0 0 0 600 760 L600 500 Z", p) +
      part("M192 470 L608 470 L608 510 A208 48 0 0 1 192 510 Z", p, p.trim) +
      `<ellipse cx="400" cy="470" rx="208" ry="48" fill="${p.trim}" stroke="${p.stroke}" stroke-width="3"/>` +
      line("M330 470 C330 380 470 380 470 470", p.leather, 10, 1) +
      (front ? `<circle cx="400" cy="640" r="14" fill="${p.brass}"/>` : "")
    );
  }
  const hamper = /hamper|wicker|basket/.test(title);
  const straps = hamper
    ? line("M320 440 C320 380 480 380 480 440", p.leather, 12, 1)
    : part("M268 430 L296 430 L296 770 L268 770 Z", p, p.leather) + part("M504 430 L532 430 L532 770 L504 770 Z", p, p.leather);
  const corners = hamper
    ? ""
    : [
        [200, 430],
        [568, 430],
        [200, 738],
        [568, 738],
      ]
        .map(([x, y]) => `<rect x="${x}" y="${y}" width="32" height="32" rx="6" fill="${p.brass}" stroke="#8a6a2e" stroke-width="2"/>`)
        .join("");
  return (
    shadow +
    part("M200 460 Q200 430 230 430 L570 430 Q600 430 600 460 L600 740 Q600 770 570 770 L230 770 Q200 770 200 740 Z", p) +
    line("M202 520 L598 520", p.stroke, 4, 0.6) +
    line("M206 760 L594 760", p.shade, 3, 0.3) +
    straps +
    corners +
    (hamper ? "" : line("M360 430 C360 404 440 404 440 430", p.leather, 10, 1)) +
    (front
      ? `<rect x="382" y="506" width="36" height="30" rx="5" fill="${p.brass}" stroke="#8a6a2e" stroke-width="2"/><circle cx="400" cy="524" r="4" fill="#6d5226"/>`
      : "")
  );
}

function shoes(p: Palette, front: boolean, title: string): string {
  const boot = /boot/.test(title);
  const one = (dx: number, dy: number) => {
    const t = `transform="translate(${dx} ${dy})"`;
    if (boot) {
      const laces = [470, 500, 530, 560, 590].map((y) => line(`M338 ${y} L372 ${y + 14}`, p.trim, 4, 0.95)).join("");
      return (
        `<g ${t}>` +
        part("M262 430 L370 430 L372 600 C400 612 456 622 486 644 C500 656 500 672 494 684 L262 684 Z", p) +
        part("M258 684 L498 684 L498 700 L258 700 Z", p, p.leather) +
        line("M356 436 L356 610", p.stroke, 2, 0.45) +
        (front ? laces : "") +
        `</g>`
      );
    }
    return (
      `<g ${t}>` +
      part("M226 650 C222 610 246 594 290 592 L332 592 C366 594 392 618 430 628 C464 636 482 648 482 668 L482 676 L226 676 Z", p) +
      part("M222 676 L486 676 L486 690 L222 690 Z", p, p.leather) +
      `<path d="M300 620 C330 630 380 634 420 630 L430 640 C380 648 320 646 290 634 Z" fill="${p.shade}" opacity="0.35"/>` +
      line("M316 596 L352 634", p.fill, 10, 1) +
      (front ? `<circle cx="352" cy="634" r="6" fill="${p.brass}"/>` : "") +
      `</g>`
    );
  };
  return (
    `<ellipse cx="430" cy="830" rx="290" ry="26" fill="#4a3a30" opacity="0.10"/>` +
    `<g transform="translate(420 700) scale(1.3) translate(-420 -700)">${one(-20, 20) + one(120, 100)}</g>`
  );
}

function garment(shape: ImageShape, p: Palette, front: boolean, title: string): { svg: string; hanging: boolean } {
  switch (shape) {
    case "dress":
      return { svg: dress(p, front, title), hanging: true };
    case "top":
      return { svg: top(p, front, title), hanging: true };
    case "skirt":
      return { svg: skirt(p, front), hanging: true };
    case "trousers":
      return { svg: trousers(p, front, title), hanging: true };
    case "coat":
      return { svg: coat(p, front, title), hanging: true };
    case "cape":
      return { svg: cape(p, front), hanging: true };
    case "knit":
      return { svg: knit(p, front, title), hanging: true };
    case "sleepwear":
      return { svg: sleepwear(p, front), hanging: true };
    case "hat":
      return { svg: hat(p, front, title), hanging: false };
    case "bag":
      return { svg: bag(p, front, title), hanging: false };
    case "trunk":
      return { svg: trunk(p, front, title), hanging: false };
    case "shoes":
      return { svg: shoes(p, front, title), hanging: false };
  }
}

/** The 800x1000 SVG for one product photo. Deterministic for a given spec. */
export function productSvg(spec: ProductImageSpec): string {
  const view = spec.view ?? "front";
  const title = (spec.title ?? "").toLowerCase();
  const color = /^#[0-9a-f]{6}$/i.test(spec.color) ? spec.color : "#d8c8b8";
  const pattern = spec.pattern ?? (spec.shape === "knit" ? "rib" : "plain");
  const veryDark = luminance(color) < 0.18;
  const palette: Palette = {
    fill: pattern === "plain" ? color : "url(#fabric)",
    base: color,
    stroke: veryDark ? mix(color, "#ffffff", 0.28) : mix(color, "#3a2c24", 0.42),
    trim: luminance(color) > 0.8 ? mix(color, "#c7a48a", 0.45) : mix(color, "#ffffff", 0.7),
    shade: veryDark ? "#ffffff" : mix(color, "#20160f", 0.55),
    brass: "#c9a55a",
    leather: mix(color, "#5a3b26", 0.7),
  };
  const [bgTop, bgBottom, dot] = backdropFor(`${spec.seed ?? title}|${view}`, color);
  const { svg, hanging } = garment(spec.shape, palette, view !== "back", title);
  const body = (hanging ? HANGER : "") + svg;

  let transform = "";
  if (view === "back") transform = `translate(${IMAGE_WIDTH} 0) scale(-1 1)`;
  if (view === "detail") {
    const focusY = hanging ? 380 : 600;
    transform = `translate(400 520) scale(1.75) translate(-400 -${focusY})`;
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient>
<radialGradient id="glow" cx="0.5" cy="0.4" r="0.62"><stop offset="0" stop-color="#ffffff" stop-opacity="0.65"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.20"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.10"/></linearGradient>
<pattern id="bgdots" width="30" height="30" patternUnits="userSpaceOnUse"><circle cx="15" cy="15" r="1.6" fill="${dot}" opacity="0.45"/></pattern>
<style>.shadow *{visibility:hidden}.shadow .s{visibility:visible;fill:#4a3a30 !important;stroke:#4a3a30 !important;stroke-width:10px !important}</style>
${fabricPattern(pattern, color)}
</defs>
<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bg)"/>
<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#bgdots)"/>
<path d="M120 1000 V360 A280 280 0 0 1 680 360 V1000 Z" fill="#ffffff" opacity="0.38"/>
<path d="M120 1000 V360 A280 280 0 0 1 680 360 V1000" fill="none" stroke="${dot}" stroke-width="2" opacity="0.5"/>
<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#glow)"/>
<rect y="905" width="${IMAGE_WIDTH}" height="95" fill="${bgBottom}" opacity="0.9"/>
<line x1="0" y1="905" x2="${IMAGE_WIDTH}" y2="905" stroke="${dot}" stroke-width="2" opacity="0.45"/>
${hanging ? `<ellipse cx="400" cy="905" rx="220" ry="18" fill="#4a3a30" opacity="0.07"/>` : ""}
<g transform="${transform}">
<g class="shadow" transform="translate(14 20)" opacity="0.05">${body}</g>
<g class="shadow" transform="translate(7 10)" opacity="0.07">${body}</g>
${body}
</g>
</svg>`;
}

/**
 * mozjpeg (progressive, its quantisation tables) at quality 80, without trellis quantisation and
 * scan optimisation: files are ~15% larger but encoding is ~3x faster, which keeps the demo seed
 * well under 10 s on two cores.
 */
const JPEG_OPTIONS: sharp.JpegOptions = { quality: 80, mozjpeg: true, trellisQuantisation: false, optimiseScans: false };

/** WebP widths at effort 2: about twice as fast as the pipeline's effort 4 for ~5% larger files. */
const WEBP_OPTIONS: sharp.WebpOptions = { quality: 80, effort: 2 };

function writeAtomically(pipeline: sharp.Sharp, file: string): Promise<unknown> {
  const tmp = `${file}.${process.pid}.tmp`;
  return pipeline
    .toFile(tmp)
    .then(() => renameSync(tmp, file))
    .catch((error: unknown) => {
      rmSync(tmp, { force: true });
      throw error;
    });
}

/**
 * Writes the 800x1000 JPEG, its 300x375 thumbnail and its WebP widths (`w/<name>-<slot>.webp`,
 * the same files the upload pipeline writes, see app/lib/images.ts), skipping files that
 * already exist. Returns how many files were written.
 */
export async function writeProductImage(spec: ProductImageSpec, imagePath: string, thumbPath: string): Promise<number> {
  const productsDir = path.dirname(imagePath);
  const fileName = path.basename(imagePath);
  const variants = variantSlots(IMAGE_WIDTH).map(({ slot }) => path.join(productsDir, "w", variantFileName(fileName, slot)));
  const needImage = !existsSync(imagePath);
  const needThumb = !existsSync(thumbPath);
  const needVariants = variants.some((v) => !existsSync(v));
  if (!needImage && !needThumb && !needVariants) return 0;
  mkdirSync(path.dirname(imagePath), { recursive: true });
  mkdirSync(path.dirname(thumbPath), { recursive: true });
  // Render the SVG once to raw pixels (a cheap fake shadow instead of an SVG blur filter keeps
  // this fast), then encode every size from the same pixels.
  const { data, info } = await sharp(Buffer.from(productSvg(spec)), { density: 72 })
    .resize(IMAGE_WIDTH, IMAGE_HEIGHT, { fit: "cover" })
    .flatten({ background: "#ffffff" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const jobs: Promise<number>[] = [];
  if (needImage) jobs.push(writeAtomically(sharp(data, raw).jpeg(JPEG_OPTIONS), imagePath).then(() => 1));
  if (needThumb) {
    jobs.push(writeAtomically(sharp(data, raw).resize(THUMB_WIDTH, THUMB_HEIGHT, { fit: "cover" }).jpeg(JPEG_OPTIONS), thumbPath).then(() => 1));
  }
  if (needVariants) {
    jobs.push(writeWebpVariants(() => sharp(data, raw), { productsDir, fileName, width: IMAGE_WIDTH, skipExisting: true, webp: WEBP_OPTIONS }));
  }
  const written = await Promise.all(jobs);
  return written.reduce((a, b) => a + b, 0);
}
