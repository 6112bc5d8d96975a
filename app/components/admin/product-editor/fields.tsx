import { type MouseEvent } from "react";

/** The server's field errors, by Conform's field name ("" for the form). */
export type Errors = Record<string, string[]>;

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p className="field-error" id={id}>
      {errors.join(" ")}
    </p>
  );
}

export function described(...ids: (string | false | null | undefined)[]) {
  return ids.filter(Boolean).join(" ") || undefined;
}

/** With JavaScript the row and image buttons work in place (no post); without, they post the form. */
export const inPlace = (fn: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
  event.preventDefault();
  fn();
};
