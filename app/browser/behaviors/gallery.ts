/**
 * The product gallery: thumbnails and arrows change the main image in place, wrapping around.
 * `showColour` moves it to a colour's photos (the add-to-cart behaviour calls it from the swatches).
 */
import { type Behavior } from "~/browser/runtime";
import { GALLERY_ATTRIBUTES as ATTR } from "~/lib/behavior-contract";
import { galleryOrder, productPageHref } from "~/domain/catalogue/colour-photos";

/** The thumbnails of the photos shown now (other colours' are hidden), in order. */
const shownThumbs = (gallery: HTMLElement) => [...gallery.querySelectorAll<HTMLAnchorElement>(`.thumbs > li:not([hidden]) > a[${ATTR.image}]`)];

function showImage(gallery: HTMLElement, index: number) {
  const thumbs = shownThumbs(gallery);
  const n = thumbs.length;
  const thumb = thumbs[index];
  if (!thumb) return;
  const img = gallery.querySelector<HTMLImageElement>(".gallery-main img");
  const source = gallery.querySelector<HTMLSourceElement>(".gallery-main source");
  if (img) {
    if (source) source.srcset = thumb.getAttribute(ATTR.srcset) ?? "";
    img.src = thumb.getAttribute(ATTR.src) ?? img.src;
    img.alt = thumb.getAttribute(ATTR.alt) ?? img.alt;
    img.width = Number(thumb.getAttribute(ATTR.width) ?? img.width);
    img.height = Number(thumb.getAttribute(ATTR.height) ?? img.height);
  }
  gallery.querySelectorAll(`a[${ATTR.image}]`).forEach((t) => (t === thumb ? t.setAttribute("aria-current", "true") : t.removeAttribute("aria-current")));
  const counter = gallery.querySelector(".gallery-counter");
  if (counter) counter.textContent = `${index + 1} / ${n}`;
  // The arrows link where the previous and next thumbnails do (their ?color= and ?image=).
  gallery.querySelector<HTMLAnchorElement>(`a[${ATTR.step}="-1"]`)?.setAttribute("href", thumbs[(index - 1 + n) % n]!.getAttribute("href") ?? "");
  gallery.querySelector<HTMLAnchorElement>(`a[${ATTR.step}="1"]`)?.setAttribute("href", thumbs[(index + 1) % n]!.getAttribute("href") ?? "");
  gallery.setAttribute(ATTR.index, String(index));
}

/** Shows `colorId`'s photos first, then every colour's, hiding other colours' (the page's own rule), from the first one. */
export function showColour(gallery: HTMLElement, colorId: number) {
  const slug = gallery.getAttribute(ATTR.slug) ?? "";
  const defaultColor = gallery.getAttribute(ATTR.defaultColor);
  const defaultColorId = defaultColor ? Number(defaultColor) : null;
  const list = gallery.querySelector<HTMLElement>(".thumbs");
  if (!list) return;
  const items = [...list.querySelectorAll<HTMLLIElement>(":scope > li")].map((li) => {
    const color = li.getAttribute(ATTR.color);
    return { li, colorId: color ? Number(color) : null };
  });
  const { shown, hidden } = galleryOrder(items, colorId);
  const n = shown.length;
  // The thumbnails' label in the server's words, in the page's language.
  const label = gallery.getAttribute(ATTR.showLabel) ?? "";
  shown.forEach(({ li }, i) => {
    li.hidden = false;
    list.append(li);
    const link = li.querySelector<HTMLAnchorElement>(`a[${ATTR.image}]`);
    if (!link) return;
    link.setAttribute(ATTR.image, String(i));
    link.setAttribute("href", productPageHref(slug, { colorId, defaultColorId, image: i }));
    link.setAttribute("aria-label", label.replace("{index}", String(i + 1)).replace("{count}", String(n)));
  });
  for (const { li } of hidden) {
    li.hidden = true;
    list.append(li);
  }
  for (const el of gallery.querySelectorAll<HTMLElement>(".thumbs, .gallery-nav, .gallery-counter")) el.hidden = n < 2;
  gallery.setAttribute(ATTR.color, String(colorId));
  showImage(gallery, 0);
}

export const gallery: Behavior = {
  name: "gallery",
  selector: `[${ATTR.gallery}]`,
  attach(element) {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a") : null;
      const image = link?.getAttribute(ATTR.image);
      const step = link?.getAttribute(ATTR.step);
      if (!link || (image == null && step == null)) return;
      event.preventDefault();
      const thumbs = shownThumbs(element);
      const n = thumbs.length;
      if (n === 0) return;
      const current = Number(element.getAttribute(ATTR.index) ?? 0);
      showImage(element, image != null ? Math.max(0, thumbs.indexOf(link)) : (current + Number(step) + n) % n);
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  },
};
