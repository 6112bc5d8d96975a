import { REVIEW_INTENTS, type ReviewFormConstraints } from "~/domain/reviews/texts";
import { type MessageKey } from "~/i18n/catalogue.server";
import { useI18n } from "~/i18n/context";

export interface ReviewFormResult {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null | undefined> | null;
}

const RATING_WORDS: MessageKey[] = ["reviews.form.word1", "reviews.form.word2", "reviews.form.word3", "reviews.form.word4", "reviews.form.word5"];

function first(result: ReviewFormResult | null | undefined, name: string): string | undefined {
  return result?.error?.[name]?.[0] ?? undefined;
}

function initial(result: ReviewFormResult | null | undefined, name: string): string {
  const v = result?.initialValue?.[name];
  return typeof v === "string" ? v : "";
}

/** The rating: a native radio group of five stars, so arrow keys choose them. */
function RatingField({ errorId, error, required, chosen }: { errorId: string; error: string | undefined; required?: boolean; chosen: string }) {
  const { t } = useI18n();
  return (
    <fieldset className="rating-input" aria-describedby={error ? errorId : undefined}>
      <legend>{t("reviews.form.rating")}</legend>
      <div className="rating-stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} title={t("reviews.form.ratingTitle", { rating: n, word: t(RATING_WORDS[n - 1]!) })}>
            <input type="radio" name="rating" value={n} required={required} defaultChecked={chosen === String(n)} />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{t("reviews.form.stars", { rating: n, word: t(RATING_WORDS[n - 1]!) })}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
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
  const { t, text, path } = useI18n();
  const id = (name: string) => `${idPrefix}${name}`;
  // The domain's and the schema's English, in the page's language.
  const translated = (message: string | undefined) => (message === undefined ? undefined : text(message));
  const formError = translated(first(result, ""));
  const err = (name: string) => translated(first(result, name));
  const describe = (name: string, hint?: boolean) =>
    [hint ? `${id(name)}-hint` : null, err(name) ? `${id(name)}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <form
      method="post"
      action={path(`/product/${slug}`)}
      encType="multipart/form-data"
      className="review-form form-stack"
      aria-label={t("reviews.form.label", { title: productTitle })}
    >
      <input type="hidden" name="intent" value={REVIEW_INTENTS.write} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {formError ? (
        <p className="form-error" role="alert">
          {formError}
        </p>
      ) : null}
      <RatingField errorId={`${id("rating")}-error`} error={err("rating")} required={constraints.rating.required} chosen={initial(result, "rating")} />
      <div className="field">
        <label htmlFor={id("title")}>
          {t("reviews.form.title")} <span className="muted small">{t("reviews.form.optional")}</span>
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
        <label htmlFor={id("text")}>{t("reviews.form.text")}</label>
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
          {t("reviews.form.textHint")}
        </p>
        {err("text") ? (
          <p className="field-error" id={`${id("text")}-error`}>
            {err("text")}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={id("photos")}>
          {t("reviews.form.photos")} <span className="muted small">{t("reviews.form.photosOptional")}</span>
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
          {t("reviews.form.photosHint")}
        </p>
        {err("photos") ? (
          <p className="field-error" id={`${id("photos")}-error`}>
            {err("photos")}
          </p>
        ) : null}
      </div>
      <p className="muted small">{t("reviews.form.shownAs")}</p>
      <button type="submit" className="button">
        {t("reviews.form.submit")}
      </button>
    </form>
  );
}
