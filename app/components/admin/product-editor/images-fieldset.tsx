import { described, type Errors, FieldError, inPlace } from "~/components/admin/product-editor/fields";
import { type ImageUploads } from "~/components/admin/product-editor/use-image-uploads";
import { IMAGE_ACCEPT, PRODUCT_INTENTS } from "~/domain/catalogue/product-texts";
import { thumbUrl } from "~/lib/images";

/**
 * The drop zone, the file input (posted with the form without JavaScript, uploaded at once with
 * it) and the images with their primary choice and the colour each shows (`colors`: the
 * product's colours). New and kept images post as separate lists.
 */
export function ImagesFieldset({ uploads, errors, colors }: { uploads: ImageUploads; errors: Errors; colors: { id: number; name: string }[] }) {
  const { images, uploading, dragging } = uploads;
  const err = (name: string) => errors[name];
  let newIndex = 0;
  let existingIndex = 0;
  return (
    <section className="form-card editor-section" aria-labelledby="editor-images">
      <h2 id="editor-images">Images</h2>
      <div
        className={`drop-zone${dragging ? " is-dragging" : ""}`}
        onDragOver={uploads.onDragOver}
        onDragLeave={uploads.onDragLeave}
        onDrop={uploads.onDrop}
        data-testid="image-drop-zone"
      >
        <p className="drop-zone-text">Drag and drop images here, or browse. JPG, PNG or WebP, up to 10 MB each.</p>
        <div className="field">
          <label htmlFor="product-files">Choose images</label>
          <input
            ref={uploads.fileInput}
            id="product-files"
            name="files"
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            onChange={uploads.onFilesChosen}
            aria-invalid={err("files") ? true : undefined}
            aria-describedby={described(err("files") && "product-files-error")}
          />
        </div>
        <noscript>
          <button type="submit" name="intent" value={PRODUCT_INTENTS.upload} formNoValidate className="button button-secondary store-btn-sm">
            Upload Images
          </button>
        </noscript>
        {uploading > 0 ? (
          <p className="muted small" role="status">
            Uploading {uploading} {uploading === 1 ? "image" : "images"}…
          </p>
        ) : null}
        <FieldError id="product-files-error" errors={err("files")} />
        <FieldError id="product-images-error" errors={err("images") ?? err("existingImages")} />
      </div>
      {images.length > 0 ? (
        <fieldset className="editor-images">
          <legend>Primary image</legend>
          <ul className="editor-image-list">
            {images.map((img, i) => {
              const value = `${img.kind}:${img.id}`;
              const field = img.kind === "new" ? `images[${newIndex++}]` : `existingImages[${existingIndex++}]`;
              const hidden = <input type="hidden" name={`${field}.id`} value={img.id} />;
              // A colour taken off the product leaves its photos to every colour.
              const colorId = colors.some((c) => String(c.id) === img.colorId) ? img.colorId : "";
              const colorError = err(`${field}.colorId`);
              return (
                <li key={value} className="editor-image">
                  {hidden}
                  <img src={thumbUrl(img.url)} alt={`Image ${i + 1}`} width={120} height={150} loading="lazy" decoding="async" />
                  <div className="check">
                    <input
                      id={`primary-${i}`}
                      type="radio"
                      name="primaryImage"
                      value={value}
                      checked={img.isPrimary}
                      onChange={() => uploads.choosePrimary(i)}
                    />
                    <label htmlFor={`primary-${i}`}>Primary{img.kind === "new" ? " (new)" : ""}</label>
                  </div>
                  <div className="field editor-image-color">
                    <label htmlFor={`image-color-${i}`}>Colour shown</label>
                    <select
                      id={`image-color-${i}`}
                      name={`${field}.colorId`}
                      value={colorId}
                      onChange={(event) => uploads.chooseColor(i, event.target.value)}
                      aria-invalid={colorError ? true : undefined}
                      aria-describedby={described(colorError && `image-color-${i}-error`)}
                    >
                      <option value="">All colours</option>
                      {colors.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`image-color-${i}-error`} errors={colorError} />
                  </div>
                  <button
                    type="submit"
                    name="intent"
                    value={`remove-image-${i}`}
                    formNoValidate
                    className="button button-ghost store-btn-sm"
                    aria-label={`Remove image ${i + 1}`}
                    onClick={inPlace(() => uploads.removeImage(i))}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : (
        <p className="muted small">No images yet.</p>
      )}
    </section>
  );
}
