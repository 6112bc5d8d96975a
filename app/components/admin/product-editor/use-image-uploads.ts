import { type DragEvent, useRef, useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { type EditorImage, MAX_IMAGES, PRODUCT_TEXT, withOnePrimary } from "~/domain/catalogue/product-texts";

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"];

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
      if (!UPLOAD_TYPES.includes(file.type)) {
        toast({
          title: PRODUCT_TEXT.invalidTypeTitle,
          description: "Invalid file type: Please upload JPG, PNG, or WebP images only.",
          type: "error",
        });
        continue;
      }
      if (file.size > MAX_UPLOAD_BYTES) {
        toast({
          title: PRODUCT_TEXT.tooLargeTitle,
          description: "File too large: Please upload images smaller than 10MB.",
          type: "error",
        });
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const body = new FormData();
        body.set("image", file);
        const res = await fetch("/api/upload/temp", {
          method: "POST",
          body,
          headers: { Accept: "application/json" },
        });
        const answer = (await res.json().catch(() => ({}))) as {
          id?: string;
          url?: string;
          message?: string;
        };
        if (!res.ok || !answer.id || !answer.url) {
          toast({
            title: PRODUCT_TEXT.uploadFailedTitle,
            description: answer.message ?? `Failed to upload ${file.name}`,
            type: "error",
          });
          continue;
        }
        const added: EditorImage = {
          kind: "new",
          id: answer.id,
          url: answer.url,
          isPrimary: false,
          colorId: "",
        };
        setImages((list) => withOnePrimary([...list, added]));
      } catch {
        toast({
          title: PRODUCT_TEXT.uploadFailedTitle,
          description: `Failed to upload ${file.name}`,
          type: "error",
        });
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (files.length > room)
      toast({
        title: PRODUCT_TEXT.uploadFailedTitle,
        description: `At most ${MAX_IMAGES} images`,
        type: "error",
      });
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
    if (gone?.kind === "new") {
      void fetch("/api/upload/cleanup", {
        method: "DELETE",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify({ tempIds: [gone.id] }),
      }).catch(() => undefined);
    }
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
