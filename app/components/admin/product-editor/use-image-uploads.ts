import { type DragEvent, useRef, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { type EditorImage, MAX_IMAGES, PRODUCT_TEXT, withOnePrimary } from "~/domain/catalogue/product-texts";

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"];

type Refusal = { title: string; description: string; type: "error" };

const refusal = (title: string, description: string): Refusal => ({ title, description, type: "error" });

/** Why a file is refused before it is sent, if it is. */
function refuseFile(file: File): Refusal | null {
  if (!UPLOAD_TYPES.includes(file.type)) return refusal(PRODUCT_TEXT.invalidTypeTitle, "Invalid file type: Please upload JPG, PNG, or WebP images only.");
  if (file.size > MAX_UPLOAD_BYTES) return refusal(PRODUCT_TEXT.tooLargeTitle, "File too large: Please upload images smaller than 10MB.");
  return null;
}

/** Uploads one file to /api/upload/temp: the new image, or why it failed. */
async function uploadImage(file: File): Promise<EditorImage | Refusal> {
  try {
    const body = new FormData();
    body.set("image", file);
    const res = await fetch("/api/upload/temp", { method: "POST", body, headers: { Accept: "application/json" } });
    const answer = (await res.json().catch(() => ({}))) as { id?: string; url?: string; message?: string };
    if (!res.ok || !answer.id || !answer.url) return refusal(PRODUCT_TEXT.uploadFailedTitle, answer.message ?? `Failed to upload ${file.name}`);
    return { kind: "new", id: answer.id, url: answer.url, isPrimary: false, colorId: "" };
  } catch {
    return refusal(PRODUCT_TEXT.uploadFailedTitle, `Failed to upload ${file.name}`);
  }
}

/** Drops a removed new image's upload; a failure leaves it to the server's own cleanup. */
function cleanUpUpload(tempId: string) {
  void fetch("/api/upload/cleanup", {
    method: "DELETE",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ tempIds: [tempId] }),
  }).catch(() => undefined);
}

/**
 * The editor's images with JavaScript: files upload to /api/upload/temp as soon as they are
 * dropped or chosen, a removed new image's upload is cleaned up, and one image stays primary.
 */
export function useImageUploads(initial: EditorImage[]) {
  const toast = useToast();
  const [images, setImages] = useState<EditorImage[]>(initial);
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function upload(files: File[]) {
    const room = MAX_IMAGES - images.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      const refused = refuseFile(file);
      if (refused) {
        toast(refused);
        continue;
      }
      setUploading((n) => n + 1);
      const result = await uploadImage(file);
      setUploading((n) => n - 1);
      if ("kind" in result) setImages((list) => withOnePrimary([...list, result]));
      else toast(result);
    }
    if (files.length > room) toast(refusal(PRODUCT_TEXT.uploadFailedTitle, `At most ${MAX_IMAGES} images`));
  }

  function onFilesChosen() {
    const input = fileInput.current;
    if (!input?.files?.length) return;
    const files = [...input.files];
    input.value = "";
    void upload(files);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(true);
  }

  function onDragLeave() {
    setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    void upload([...event.dataTransfer.files]);
  }

  function removeImage(index: number) {
    const gone = images[index];
    setImages((list) => withOnePrimary(list.filter((_, i) => i !== index)));
    if (gone?.kind === "new") cleanUpUpload(gone.id);
  }

  function choosePrimary(index: number) {
    setImages((list) => list.map((x, j) => ({ ...x, isPrimary: j === index })));
  }

  function chooseColor(index: number, colorId: string) {
    setImages((list) => list.map((x, j) => (j === index ? { ...x, colorId } : x)));
  }

  return { images, uploading, dragging, fileInput, onFilesChosen, onDragOver, onDragLeave, onDrop, removeImage, choosePrimary, chooseColor };
}

export type ImageUploads = ReturnType<typeof useImageUploads>;
