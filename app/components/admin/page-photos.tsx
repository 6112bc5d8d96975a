import { useEffect, useState } from "react";
import { Field } from "~/components/ui/field";
import { PAGE_INTENTS } from "~/domain/pages/slugs";

interface Photo {
  id: string;
  url: string;
  alt: string;
  markdown: string;
}

/**
 * The page editor's 'Add photo', inside its (multipart) form: the photo posts with the text,
 * comes back with its Markdown line at the end of the text, unsaved. With JavaScript, 'Insert'
 * puts an earlier photo's line where the cursor is.
 */
export function PagePhotoFields(props: {
  errors: { photo?: string; alt?: string };
  alt: string;
  added: Photo | null;
  photos: Photo[];
  onInsert: (markdown: string) => void;
}) {
  const { errors, added } = props;
  return (
    <fieldset className="page-photo-fields">
      <legend>Add a photo</legend>
      {added ? (
        <p className="page-photo-added" role="status" data-testid="photo-added">
          Photo added at the end of the text; save the page to show it. Its line: <code>{added.markdown}</code>
        </p>
      ) : null}
      <div className="field">
        <label htmlFor="page-photo">Photo (JPG, PNG or WebP, up to 10 MB)</label>
        <input
          id="page-photo"
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={errors.photo ? true : undefined}
          aria-describedby={errors.photo ? "page-photo-error" : undefined}
        />
        {errors.photo ? (
          <p className="field-error" id="page-photo-error">
            {errors.photo}
          </p>
        ) : null}
      </div>
      <Field
        name="alt"
        label="What the photo shows"
        idPrefix="page-photo-"
        maxLength={200}
        defaultValue={props.alt}
        error={errors.alt}
        hint="Read aloud to people who cannot see it."
      />
      <button type="submit" name="intent" value={PAGE_INTENTS.photo} className="button button-secondary" formNoValidate>
        Upload photo
      </button>
      {props.photos.length > 0 ? <PhotoList photos={props.photos} onInsert={props.onInsert} /> : null}
    </fieldset>
  );
}

function PhotoList({ photos, onInsert }: { photos: Photo[]; onInsert: (markdown: string) => void }) {
  const [hydrated, setHydrated] = useState(false);
  // Buttons that need JavaScript appear only once it runs; without it the lines are there to copy.
  useEffect(() => setHydrated(true), []);
  return (
    <details className="page-photo-list">
      <summary>Photos uploaded so far ({photos.length})</summary>
      <ul>
        {photos.map((p) => (
          <li key={p.id}>
            <img src={p.url} alt="" width={64} height={64} loading="lazy" />
            <input type="text" readOnly value={p.markdown} aria-label={`Markdown line of ${p.alt}`} onFocus={(e) => e.currentTarget.select()} />
            {hydrated ? (
              <button type="button" className="button button-secondary button-small" onClick={() => onInsert(p.markdown)}>
                Insert
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
