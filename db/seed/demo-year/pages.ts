import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { writeWebpVariants } from "../../../app/lib/image-pipeline.server";
import { DAY, type DemoContext } from "./context";
import { iso } from "./helpers";

/*
 * The demo shop's own pages, as an owner who took her time would have written them: a size guide
 * with a measurement table per body and how to measure, and an about page with a photo of the
 * studio, in English and Polish. Demo only (`npm run demo`); the plain seed keeps the spec's texts.
 * Saved as her newest versions, a minute after the seeded texts, which stay in each page's history.
 */

const STUDIO_FILE = "studio-warsaw.jpg";
const STUDIO_URL = `/uploads/pages/${STUDIO_FILE}`;
const STUDIO_SIZE = { width: 1600, height: 1000 };

const SIZE_GUIDE_EN = `Every piece is cut for one of the bodies below. Measure your doll (see **How to measure**) and compare: a difference of half a centimetre is fine, a full centimetre at the bust or hip is not.

## 1:4 scale (MSD, about 42–45 cm)

| Body | Height | Bust | Waist | Hip |
|---|---:|---:|---:|---:|
| MSD girl (Volks MSD, Unoa) | 43 cm | 18 cm | 12 cm | 19.5 cm |
| Minifee girl (Fairyland MNF) | 42 cm | 18.5 cm | 12.5 cm | 20.5 cm |
| MSD boy | 44 cm | 19 cm | 14 cm | 19.5 cm |
| Slim 1:4 youth boy | 45 cm | 20.5 cm | 15 cm | 21 cm |

## 1:6 scale (about 26–31 cm)

| Body | Height | Bust | Waist | Hip |
|---|---:|---:|---:|---:|
| Fashion doll (Barbie-size) | 29 cm | 13.5 cm | 8.5 cm | 12.5 cm |
| Blythe-style body | 28 cm | 10.5 cm | 7.5 cm | 11 cm |
| Male fashion doll (Ken-size) | 31 cm | 15 cm | 10.5 cm | 13.5 cm |

## How to measure

1. Take everything off the doll, including wigs and shoes for the height.
2. Use a soft tape, or a strip of paper you mark and then lay on a ruler.
3. **Bust**: around the fullest part of the chest, the tape level under the arms.
4. **Waist**: around the narrowest part, usually just above the hip joint.
5. **Hip**: around the widest part of the hips and seat.
6. **Height**: from the top of the head to the heel, the doll standing straight.

Between two sizes, or a body not in the tables? [Write to us](mailto:hello@example.com) with the four figures: most pieces can be made to measure.
`;

const SIZE_GUIDE_PL = `Każdy model jest skrojony na jedno z poniższych ciałek. Zmierz swoją lalkę (zobacz **Jak mierzyć**) i porównaj: pół centymetra różnicy nie szkodzi, cały centymetr w biuście lub biodrach już tak.

## Skala 1:4 (MSD, około 42–45 cm)

| Ciałko | Wzrost | Biust | Talia | Biodra |
|---|---:|---:|---:|---:|
| MSD dziewczynka (Volks MSD, Unoa) | 43 cm | 18 cm | 12 cm | 19,5 cm |
| Minifee dziewczynka (Fairyland MNF) | 42 cm | 18,5 cm | 12,5 cm | 20,5 cm |
| MSD chłopiec | 44 cm | 19 cm | 14 cm | 19,5 cm |
| Smukły chłopiec 1:4 | 45 cm | 20,5 cm | 15 cm | 21 cm |

## Skala 1:6 (około 26–31 cm)

| Ciałko | Wzrost | Biust | Talia | Biodra |
|---|---:|---:|---:|---:|
| Lalka modowa (rozmiar Barbie) | 29 cm | 13,5 cm | 8,5 cm | 12,5 cm |
| Ciałko w typie Blythe | 28 cm | 10,5 cm | 7,5 cm | 11 cm |
| Męska lalka modowa (rozmiar Kena) | 31 cm | 15 cm | 10,5 cm | 13,5 cm |

## Jak mierzyć

1. Rozbierz lalkę; do mierzenia wzrostu zdejmij też perukę i buty.
2. Użyj miękkiej miarki albo paska papieru, który zaznaczysz i przyłożysz do linijki.
3. **Biust**: w najszerszym miejscu klatki piersiowej, miarka poziomo pod pachami.
4. **Talia**: w najwęższym miejscu, zwykle tuż nad stawem biodrowym.
5. **Biodra**: w najszerszym miejscu bioder i pupy.
6. **Wzrost**: od czubka głowy do pięty, lalka stoi prosto.

Wymiary pomiędzy rozmiarami albo ciałka nie ma w tabelach? [Napisz do nas](mailto:hello@example.com) i podaj cztery wymiary: większość modeli uszyjemy na miarę.
`;

const ABOUT_EN = `![The studio in Warsaw: a table by the window with fabric, thread and a dress on a small form](${STUDIO_URL})

Little Stitches Atelier is one person and one sewing machine in a bright room in Warsaw's Mokotów, two floors above a bakery. I'm Anna, a seamstress by training: for years I sewed wedding dresses, and in 2010 I made a coat for a friend's doll. It has been tiny wardrobes ever since.

Every piece is drafted for one body (see the [size guide](/size-guide)), cut from fine cottons, linens, wools and silks bought in small lots, and sewn and finished by hand: French seams where they fit, hand-rolled hems, real buttons the size of a lentil. A coat takes a day, a smocked dress two.

Ready pieces leave the studio within {shippingTime}, wrapped in tissue and boxed. Made-to-order pieces say on their page when they ship. Questions about a fit, a colour or a body you don't see here are welcome: I answer every message myself.

[Browse the shop](/shop)
`;

const ABOUT_PL = `![Pracownia w Warszawie: stół przy oknie z tkaninami, nićmi i sukienką na małym manekinie](${STUDIO_URL})

Little Stitches Atelier to jedna osoba i jedna maszyna do szycia w jasnym pokoju na warszawskim Mokotowie, dwa piętra nad piekarnią. Nazywam się Anna i jestem krawcową z wykształcenia: przez lata szyłam suknie ślubne, a w 2010 roku uszyłam płaszczyk dla lalki przyjaciółki. Od tamtej pory szyję maleńkie garderoby.

Każdy model jest konstruowany na jedno ciałko (zobacz [tabelę rozmiarów](/pl/size-guide)), krojony z dobrych bawełn, lnów, wełen i jedwabi kupowanych w małych partiach, a potem szyty i wykańczany ręcznie: szwy francuskie tam, gdzie się mieszczą, ręcznie podwijane brzegi, prawdziwe guziczki wielkości soczewicy. Płaszczyk to dzień pracy, sukienka z marszczeniami dwa.

Gotowe modele wyjeżdżają z pracowni w ciągu {shippingTime}, zawinięte w bibułę i zapakowane w pudełko. Modele szyte na zamówienie mają na swojej stronie datę wysyłki. Pytania o dopasowanie, kolor albo ciałko, którego tu nie ma, są mile widziane: na każdą wiadomość odpowiadam sama.

[Zobacz sklep](/pl/shop)
`;

const PAGES = [
  { slug: "size-guide", locale: "en", title: "Size Guide", body: SIZE_GUIDE_EN },
  { slug: "size-guide", locale: "pl", title: "Tabela rozmiarów", body: SIZE_GUIDE_PL },
  { slug: "about", locale: "en", title: "About the atelier", body: ABOUT_EN },
  { slug: "about", locale: "pl", title: "O pracowni", body: ABOUT_PL },
] as const;

/** The studio as a drawing: wall, window light, the cutting table with fabric, thread and a small dress form. */
function studioSvg(): string {
  const { width: w, height: h } = STUDIO_SIZE;
  const bolts = ["#c98f9b", "#9fb5a0", "#3e4f6b", "#e3c9a6", "#b7a2c9"]
    .map(
      (c, i) =>
        `<rect x="${150 + i * 70}" y="${560 - (i % 2) * 30}" width="60" height="${190 + (i % 2) * 30}" rx="12" fill="${c}"/><rect x="${150 + i * 70}" y="${560 - (i % 2) * 30}" width="60" height="18" rx="9" fill="#ffffff" opacity="0.25"/>`,
    )
    .join("");
  const spools = ["#8a4f63", "#d7a84b", "#5b7f8f", "#e6e0d6"]
    .map(
      (c, i) =>
        `<rect x="${560 + i * 38}" y="716" width="28" height="40" rx="4" fill="#d9c3a4"/><rect x="${563 + i * 38}" y="722" width="22" height="28" fill="${c}"/>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs>
<linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7efe6"/><stop offset="1" stop-color="#e9dccd"/></linearGradient>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe3ef"/><stop offset="1" stop-color="#f4efe4"/></linearGradient>
<linearGradient id="beam" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fffaf0" stop-opacity="0.65"/><stop offset="1" stop-color="#fffaf0" stop-opacity="0"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b98b62"/><stop offset="1" stop-color="#8d6443"/></linearGradient>
<linearGradient id="dress" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#c7788c"/><stop offset="0.5" stop-color="#e2a3b1"/><stop offset="1" stop-color="#b86a7e"/></linearGradient>
</defs>
<rect width="${w}" height="${h}" fill="url(#wall)"/>
<rect x="110" y="90" width="560" height="440" rx="6" fill="#fbf8f3"/>
<rect x="130" y="110" width="520" height="400" fill="url(#sky)"/>
<path d="M390 110 V510 M130 310 H650" stroke="#fbf8f3" stroke-width="14"/>
<path d="M200 170 q40 -30 80 0 q30 -20 60 0" fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" opacity="0.8"/>
<polygon points="130,510 650,510 1250,${h} 300,${h}" fill="url(#beam)"/>
<rect x="0" y="750" width="${w}" height="40" fill="#a57a54"/>
<rect x="0" y="790" width="${w}" height="${h - 790}" fill="url(#wood)"/>
<rect x="430" y="770" width="520" height="14" rx="4" fill="#6f8f76" opacity="0.85"/>
${bolts}
${spools}
<g transform="translate(1180 250)">
<rect x="-6" y="300" width="12" height="200" fill="#6b4a33"/>
<ellipse cx="0" cy="500" rx="90" ry="14" fill="#6b4a33"/>
<path d="M-70 0 C-90 60 -80 120 -60 160 C-90 220 -100 270 -110 310 L110 310 C100 270 90 220 60 160 C80 120 90 60 70 0 Z" fill="#efe4d4" stroke="#cdbca6" stroke-width="4"/>
<path d="M-62 40 C-40 30 40 30 62 40 L58 150 C90 210 120 280 140 340 L-140 340 C-120 280 -90 210 -58 150 Z" fill="url(#dress)"/>
<path d="M-58 150 Q0 170 58 150" fill="none" stroke="#ffffff" stroke-width="6" opacity="0.8"/>
<path d="M-136 330 Q0 360 136 330" fill="none" stroke="#ffffff" stroke-width="7" stroke-dasharray="12 9" opacity="0.9"/>
</g>
<g transform="translate(980 690)"><path d="M0 0 L90 -40 M0 0 L90 40" stroke="#8c8c8c" stroke-width="8" stroke-linecap="round"/><circle cx="-14" cy="-8" r="14" fill="none" stroke="#8a4f63" stroke-width="7"/><circle cx="-14" cy="10" r="14" fill="none" stroke="#8a4f63" stroke-width="7"/></g>
<g transform="translate(760 640)"><rect x="-30" y="60" width="60" height="56" rx="8" fill="#c46f4f"/><path d="M0 60 C-10 20 -50 10 -60 -20 M0 60 C0 10 10 -20 0 -50 M0 60 C20 20 50 0 60 -30" stroke="#5f8a5b" stroke-width="10" fill="none" stroke-linecap="round"/></g>
<rect x="800" y="120" width="230" height="290" rx="4" fill="#ffffff" stroke="#b89b80" stroke-width="10"/>
</svg>`;
}

/** A product photo of the demo's catalogue for the frame on the wall, if one is there. */
function framedProductPhoto(uploadDir: string): string | null {
  const dir = path.join(uploadDir, "products");
  if (!existsSync(dir)) return null;
  const name = readdirSync(dir).find((n) => /-1\.jpg$/.test(n));
  return name ? path.join(dir, name) : null;
}

/** Draws the studio photo and its WebP widths unless they exist; returns the photo's byte size. */
async function writeStudioPhoto(uploadDir: string): Promise<number> {
  const dir = path.join(uploadDir, "pages");
  const file = path.join(dir, STUDIO_FILE);
  mkdirSync(dir, { recursive: true });
  if (!existsSync(file)) {
    const layers: sharp.OverlayOptions[] = [];
    const framed = framedProductPhoto(uploadDir);
    if (framed) layers.push({ input: await sharp(framed).resize(210, 270, { fit: "cover" }).toBuffer(), left: 810, top: 130 });
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await sharp(Buffer.from(studioSvg())).composite(layers).blur(0.6).jpeg({ quality: 84, mozjpeg: true }).toFile(tmp);
      renameSync(tmp, file);
    } catch (error) {
      rmSync(tmp, { force: true });
      throw error;
    }
  }
  await writeWebpVariants(() => sharp(file), { productsDir: dir, fileName: STUDIO_FILE, width: STUDIO_SIZE.width, skipExisting: true });
  return statSync(file).size;
}

/** Writes the studio photo and the demo's size guide and about page (English and Polish). */
export async function writeDemoPages(ctx: DemoContext): Promise<void> {
  const size = await writeStudioPhoto(ctx.uploadDir);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("page_photos")
      .values({
        id: "studio-warsaw",
        url: STUDIO_URL,
        ...STUDIO_SIZE,
        size_bytes: size,
        alt: "The studio in Warsaw",
        uploaded_by: ctx.admin.id,
        created_at: iso(ctx.now - 26 * DAY),
      })
      .onConflict((oc) => oc.column("url").doNothing())
      .execute();
    // After the seed's first versions (written at the real time of seeding), in this order.
    const savedAt = Date.now() + 60_000;
    for (const [i, p] of PAGES.entries()) {
      await trx
        .insertInto("page_versions")
        .values({
          slug: p.slug,
          locale: p.locale,
          title: p.title,
          body: p.body,
          saved_by_id: ctx.admin.id,
          saved_by_email: ctx.admin.email,
          created_at: iso(savedAt + i * 1000),
        })
        .execute();
    }
  });
  ctx.log(`demo pages: size guide and about page in English and Polish, with the studio photo`);
}
