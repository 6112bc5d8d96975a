/** The product gallery: thumbnails and arrows change the main image in place, wrapping around. */
import { type Behavior } from "~/browser/runtime";

function showImage(gallery: HTMLElement, index: number) {
  const thumbs = [...gallery.querySelectorAll<HTMLAnchorElement>("a[data-image]")];
  const n = thumbs.length;
  const thumb = thumbs[index];
  if (!thumb) return;
  const img = gallery.querySelector<HTMLImageElement>(".gallery-main img");
  const source = gallery.querySelector<HTMLSourceElement>(".gallery-main source");
  if (img) {
    if (source) source.srcset = thumb.dataset.srcset ?? "";
    img.src = thumb.dataset.src ?? img.src;
    img.alt = thumb.dataset.alt ?? img.alt;
    img.width = Number(thumb.dataset.width ?? img.width);
    img.height = Number(thumb.dataset.height ?? img.height);
  }
  thumbs.forEach((t, i) => (i === index ? t.setAttribute("aria-current", "true") : t.removeAttribute("aria-current")));
  const counter = gallery.querySelector(".gallery-counter");
  if (counter) counter.textContent = `${index + 1} / ${n}`;
  const base = thumb.href.replace(/\?.*$/, "");
  gallery.querySelector<HTMLAnchorElement>('a[data-step="-1"]')?.setAttribute("href", `${base}?image=${(index - 1 + n) % n}`);
  gallery.querySelector<HTMLAnchorElement>('a[data-step="1"]')?.setAttribute("href", `${base}?image=${(index + 1) % n}`);
  gallery.dataset.index = String(index);
}

export const gallery: Behavior = {
  name: "gallery",
  selector: "[data-gallery]",
  attach(element) {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a") : null;
      if (!link || (link.dataset.image === undefined && link.dataset.step === undefined)) return;
      event.preventDefault();
      const n = element.querySelectorAll("a[data-image]").length;
      const current = Number(element.dataset.index ?? 0);
      showImage(element, link.dataset.image !== undefined ? Number(link.dataset.image) : (current + Number(link.dataset.step) + n) % n);
    };
    element.addEventListener("click", onClick);
    return () => element.removeEventListener("click", onClick);
  },
};
