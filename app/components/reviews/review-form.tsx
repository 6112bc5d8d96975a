import { REVIEW_INTENTS, type ReviewFormConstraints } from "~/domain/reviews/texts";

export interface ReviewFormResult {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null | undefined> | null;
}

const RATING_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"];

function first(result: ReviewFormResult | null | undefined, name: string): string | undefined {
  return result?.error?.[name]?.[0] ?? undefined;
}

function initial(result: ReviewFormResult | null | undefined, name: string): string {
  const v = result?.initialValue?.[name];
  return typeof v === "string" ? v : "";
}

/**
 * The review form: a plain multipart form posting to the product page (works without
 * JavaScript); `redirectTo` brings the buyer back to the page she wrote it on. The rating is a
 * native radio group, so arrow keys choose the stars.
 */
export function ReviewForm({
  slug,
  productTitle,
  redirectTo,
  idPrefix,
  constraints,
  result,
}: {
  slug: string;
  productTitle: string;
  redirectTo: string;
  idPrefix: string;
  constraints: ReviewFormConstraints;
  result?: ReviewFormResult | null;
}) {
  const id = (name: string) => `${idPrefix}${name}`;
  const rating = initial(result, "rating");
  const formError = first(result, "");
  const err = (name: string) => first(result, name);
  const describe = (name: string, hint?: boolean) =>
    [hint ? `${id(name)}-hint` : null, err(name) ? `${id(name)}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <form method="post" action={`/product/${slug}`} encType="multipart/form-data" className="review-form form-stack" aria-label={`Review ${productTitle}`}>
      <input type="hidden" name="intent" value={REVIEW_INTENTS.write} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <fieldset className="rating-input" aria-describedby={err("rating") ? `${id("rating")}-error` : undefined}>
        <legend>Your rating</legend>
        <div className="rating-stars">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} title={`${n} out of 5: ${RATING_WORDS[n]}`}>
              <input type="radio" name="rating" value={n} required={constraints.rating.required} defaultChecked={rating === String(n)} />
              <span aria-hidden="true">★</span>
              <span className="sr-only">
                {n} star{n === 1 ? "" : "s"}, {RATING_WORDS[n]}
              </span>
            </label>
          ))}
        </div>
        {err("rating") ? (
          <p className="field-error" id={`${id("rating")}-error`}>
            {err("rating")}
          </p>
        ) : null}
      </fieldset>
      <div className="field">
        <label htmlFor={id("title")}>
          Title <span className="muted small">(optional)</span>
        </label>
        <input
          id={id("title")}
          name="title"
          {...constraints.title}
          defaultValue={initial(result, "title")}
          aria-invalid={err("title") ? true : undefined}
          aria-describedby={describe("title")}
        />
        {err("title") ? (
          <p className="field-error" id={`${id("title")}-error`}>
            {err("title")}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={id("text")}>Your review</label>
        <textarea
          id={id("text")}
          name="text"
          rows={5}
          {...constraints.text}
          defaultValue={initial(result, "text")}
          aria-invalid={err("text") ? true : undefined}
          aria-describedby={describe("text", true)}
        />
        <p className="field-hint" id={`${id("text")}-hint`}>
          Up to 2,000 characters: the fit, the fabric, how it looks on your doll.
        </p>
        {err("text") ? (
          <p className="field-error" id={`${id("text")}-error`}>
            {err("text")}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={id("photos")}>
          Photos <span className="muted small">(optional, up to 3)</span>
        </label>
        <input
          id={id("photos")}
          name="photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          aria-invalid={err("photos") ? true : undefined}
          aria-describedby={describe("photos", true)}
        />
        <p className="field-hint" id={`${id("photos")}-hint`}>
          JPG, PNG or WebP, up to 10MB each. We remove location and camera details.
        </p>
        {err("photos") ? (
          <p className="field-error" id={`${id("photos")}-error`}>
            {err("photos")}
          </p>
        ) : null}
      </div>
      <p className="muted small">Your review shows your first name and last initial once the shop has approved it.</p>
      <button type="submit" className="button">
        Submit Review
      </button>
    </form>
  );
}
