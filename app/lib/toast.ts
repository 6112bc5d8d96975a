/** One-shot notifications carried across a redirect in a small signed cookie (no database write). */
export interface Toast {
  title: string;
  description?: string;
  type: "success" | "error" | "info";
}
