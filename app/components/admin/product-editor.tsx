import { thumbUrl } from "~/lib/images";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { type DragEvent, type MouseEvent, useEffect, useRef, useState } from "react";
import { Alert } from "~/components/ui/field";
import { useToast, useToastEffect } from "~/components/ui/toaster";
import {
  type EditorImage,
  type EditorValues,
  IMAGE_ACCEPT,
  MAX_DESCRIPTION,
  MAX_IMAGES,
  MAX_ROWS,
  MAX_SLUG,
  MAX_TITLE,
  MAX_VARIATION_NAME,
  PRODUCT_INTENTS,
  PRODUCT_TEXT,
  slugPreview,
  variationCode,
  withOnePrimary,
} from "~/domain/catalogue/product-texts";
import { MAX_MATERIALS, MAX_SAFETY_NOTICE, MAX_SKU } from "~/domain/legal/product-safety";
import type { EditorActionData, EditorOptions, EditorPageData } from "~/web/admin/product-editor.server";

type Errors = Record<string, string[]>;

const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"];

let rowSeq = 0;
const rowKey = () => `row-${++rowSeq}`;

/**
 * The add and edit product pages (one screen). The page is one multipart form:
 * without JavaScript the add/remove and upload buttons post it and the server answers the form
 * again with everything kept; with JavaScript those buttons work in place, images upload as
 * soon as they are dropped or chosen, and the category and variation rules apply as you click.
 */
export function ProductEditorPage() {
  const data = useLoaderData() as EditorPageData;
  const actionData = useActionData() as EditorActionData | undefined;
  useToastEffect(actionData?.failure ?? null);
  if (data.state === "denied") {
    return (
      <div className="container narrow">
        <h1>Access Denied</h1>
        <p>{PRODUCT_TEXT.accessDenied}</p>
        <p>
          {data.signedIn ? null : (
            <>
              <Link to="/admin-login">Sign in as an admin</Link> or{" "}
            </>
          )}
          <Link to="/">go to the shop</Link>.
        </p>
      </div>
    );
  }
  if (data.state === "not-found") {
    return (
      <div className="container narrow">
        <h1>{PRODUCT_TEXT.notFound}</h1>
        <p>
          <Link to="/admin?tab=products" className="button button-secondary">
            Back to Products
          </Link>
        </p>
      </div>
    );
  }
  const values = actionData?.values ?? data.values;
  const errors = actionData?.errors ?? {};
  return (
    <div className="container product-editor-page">
      <p className="back-link">
        <Link to="/admin?tab=products">← Back to Products</Link>
      </p>
      <h1>{data.mode === "add" ? "Add Product" : `Edit Product: ${data.values.title}`}</h1>
      {data.mode === "edit" && data.slug ? (
        <p className="muted">
          <Link to={`/product/${data.slug}`}>View in the shop</Link>
        </p>
      ) : null}
      <ProductEditor key={actionData?.revision ?? "stored"} mode={data.mode} values={values} errors={errors} options={data.options} />
    </div>
  );
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p className="field-error" id={id}>
      {errors.join(" ")}
    </p>
  );
}

function described(...ids: (string | false | null | undefined)[]) {
  return ids.filter(Boolean).join(" ") || undefined;
}

interface ColorRow {
  key: string;
  colorId: string;
  stock: string;
}
interface VariationRow {
  key: string;
  variationName: string;
  stock: string;
}

function ProductEditor({ mode, values, errors, options }: { mode: "add" | "edit"; values: EditorValues; errors: Errors; options: EditorOptions }) {
  const navigation = useNavigation();
  const toast = useToast();
  const [colors, setColors] = useState<ColorRow[]>(() => values.colorVariations.map((c) => ({ ...c, key: rowKey() })));
  const [variations, setVariations] = useState<VariationRow[]>(() => values.productVariations.map((v) => ({ ...v, key: rowKey() })));
  const [images, setImages] = useState<EditorImage[]>(values.images);
  const [uploading, setUploading] = useState(0);
  const [categories, setCategories] = useState<Set<number>>(() => new Set(values.categories));
  const [title, setTitle] = useState(values.title);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === PRODUCT_INTENTS.save;
  const hasOptions = colors.length > 0 || variations.length > 0;
  const topLevel = options.categories.filter((c) => c.parentId === null);
  const err = (name: string) => errors[name];

  const formError = err("");
  useEffect(() => {
    if (formError || Object.keys(errors).length === 0) return;
    document.querySelector<HTMLElement>('.product-editor [aria-invalid="true"]')?.focus();
  }, [errors, formError]);

  // With JavaScript the row and image buttons work in place (no post); without, they post the form.
  const inPlace = (fn: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    fn();
  };

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

  function toggleCategory(id: number, parentId: number | null, checked: boolean) {
    setCategories((current) => {
      const next = new Set(current);
      if (checked) {
        next.add(id);
        if (parentId !== null) next.add(parentId);
      } else {
        next.delete(id);
        if (parentId === null) for (const c of options.categories) if (c.parentId === id) next.delete(c.id);
      }
      return next;
    });
  }

  let newIndex = 0;
  let existingIndex = 0;

  return (
    <Form method="post" encType="multipart/form-data" className="product-editor form-stack" aria-busy={saving || undefined}>
      {formError ? (
        <Alert title={mode === "add" ? PRODUCT_TEXT.createFailed : PRODUCT_TEXT.updateFailed}>{formError.join(" ")}</Alert>
      ) : Object.keys(errors).length > 0 ? (
        <Alert title="Please check the highlighted fields." />
      ) : null}

      <section className="form-card editor-section" aria-labelledby="editor-info">
        <h2 id="editor-info">Product Information</h2>
        <div className="field">
          <label htmlFor="product-title">Title</label>
          <input
            id="product-title"
            name="title"
            required
            maxLength={MAX_TITLE}
            defaultValue={values.title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            aria-invalid={err("title") ? true : undefined}
            aria-describedby={described(err("title") && "product-title-error")}
          />
          <FieldError id="product-title-error" errors={err("title")} />
        </div>
        <div className="field">
          <label htmlFor="product-slug">Slug</label>
          <input
            id="product-slug"
            name="slug"
            maxLength={MAX_SLUG}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            defaultValue={values.slug}
            placeholder={slugPreview(title) || undefined}
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={err("slug") ? true : undefined}
            aria-describedby={described("product-slug-hint", err("slug") && "product-slug-error")}
          />
          <p className="field-hint" id="product-slug-hint">
            Lowercase letters, numbers and hyphens. Leave empty to make it from the title.
          </p>
          <FieldError id="product-slug-error" errors={err("slug")} />
        </div>
        <div className="field">
          <label htmlFor="product-description">Description{mode === "edit" ? " (optional)" : ""}</label>
          <textarea
            id="product-description"
            name="description"
            rows={5}
            required={mode === "add"}
            maxLength={MAX_DESCRIPTION}
            defaultValue={values.description}
            aria-invalid={err("description") ? true : undefined}
            aria-describedby={described(err("description") && "product-description-error")}
          />
          <FieldError id="product-description-error" errors={err("description")} />
        </div>
        <div className="editor-row">
          <div className="field">
            <label htmlFor="product-price">Price (USD)</label>
            <input
              id="product-price"
              name="price"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              required
              defaultValue={values.price}
              aria-invalid={err("price") ? true : undefined}
              aria-describedby={described(err("price") && "product-price-error")}
            />
            <FieldError id="product-price-error" errors={err("price")} />
          </div>
          <div className="field">
            <label htmlFor="product-stock">Stock</label>
            <input
              id="product-stock"
              name="stock"
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              defaultValue={values.stock}
              disabled={hasOptions}
              aria-invalid={err("stock") ? true : undefined}
              aria-describedby={described(hasOptions && "product-stock-hint", err("stock") && "product-stock-error")}
            />
            {hasOptions ? (
              <p className="field-hint" id="product-stock-hint">
                Stock comes from the {colors.length > 0 ? "colour variations" : "product variations"}.
              </p>
            ) : null}
            <FieldError id="product-stock-error" errors={err("stock")} />
          </div>
        </div>
        <div className="check">
          <input id="product-isLarge" type="checkbox" name="isLarge" defaultChecked={values.isLarge} />
          <label htmlFor="product-isLarge">Large item (higher shipping cost)</label>
        </div>
        <div className="check">
          <input id="product-isLatestCollection" type="checkbox" name="isLatestCollection" defaultChecked={values.isLatestCollection} />
          <label htmlFor="product-isLatestCollection">Latest Collection</label>
        </div>
      </section>

      <section className="form-card editor-section" aria-labelledby="editor-safety">
        <h2 id="editor-safety">Identification &amp; Safety</h2>
        <div className="field">
          <label htmlFor="product-sku">SKU</label>
          <input
            id="product-sku"
            name="sku"
            maxLength={MAX_SKU}
            pattern="[A-Za-z0-9._\-]*"
            defaultValue={values.sku}
            placeholder={mode === "add" ? "LSA-00042" : undefined}
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={err("sku") ? true : undefined}
            aria-describedby={described("product-sku-hint", err("sku") && "product-sku-error")}
          />
          <p className="field-hint" id="product-sku-hint">
            {mode === "add"
              ? "Letters, digits, '-', '_' and '.'. Leave empty to get one made from the product's number."
              : "Letters, digits, '-', '_' and '.'. Leave empty to keep the current one."}
          </p>
          <FieldError id="product-sku-error" errors={err("sku")} />
        </div>
        <div className="field">
          <label htmlFor="product-materials">Materials (optional)</label>
          <input
            id="product-materials"
            name="materials"
            maxLength={MAX_MATERIALS}
            defaultValue={values.materials}
            placeholder="100% cotton lawn"
            aria-invalid={err("materials") ? true : undefined}
            aria-describedby={described(err("materials") && "product-materials-error")}
          />
          <FieldError id="product-materials-error" errors={err("materials")} />
        </div>
        <div className="field">
          <label htmlFor="product-safetyNotice">Safety notice (optional)</label>
          <textarea
            id="product-safetyNotice"
            name="safetyNotice"
            rows={2}
            maxLength={MAX_SAFETY_NOTICE}
            defaultValue={values.safetyNotice}
            placeholder={options.defaultSafetyNotice}
            aria-invalid={err("safetyNotice") ? true : undefined}
            aria-describedby={described("product-safetyNotice-hint", err("safetyNotice") && "product-safetyNotice-error")}
          />
          <p className="field-hint" id="product-safetyNotice-hint">
            Leave empty to show the store&apos;s notice (Settings): &lsquo;{options.defaultSafetyNotice}&rsquo;
          </p>
          <FieldError id="product-safetyNotice-error" errors={err("safetyNotice")} />
        </div>
      </section>

      <section className="form-card editor-section" aria-labelledby="editor-colors">
        <h2 id="editor-colors">Color Variations</h2>
        <p className="field-hint">Each colour has its own stock. Colour variations and product variations cannot be combined.</p>
        {colors.length > 0 ? (
          <ul className="editor-rows">
            {colors.map((row, i) => (
              <li key={row.key} className="editor-row-item">
                <div className="field">
                  <label htmlFor={`color-${i}`}>Colour {i + 1}</label>
                  <select
                    id={`color-${i}`}
                    name={`colorVariations[${i}].colorId`}
                    defaultValue={row.colorId}
                    required
                    aria-invalid={err(`colorVariations[${i}].colorId`) ? true : undefined}
                    aria-describedby={described(err(`colorVariations[${i}].colorId`) && `color-${i}-error`)}
                  >
                    <option value="">Choose a colour</option>
                    {options.colors.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`color-${i}-error`} errors={err(`colorVariations[${i}].colorId`)} />
                </div>
                <div className="field">
                  <label htmlFor={`color-${i}-stock`}>Stock</label>
                  <input
                    id={`color-${i}-stock`}
                    name={`colorVariations[${i}].stock`}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    step="1"
                    defaultValue={row.stock}
                    aria-invalid={err(`colorVariations[${i}].stock`) ? true : undefined}
                    aria-describedby={described(err(`colorVariations[${i}].stock`) && `color-${i}-stock-error`)}
                  />
                  <FieldError id={`color-${i}-stock-error`} errors={err(`colorVariations[${i}].stock`)} />
                </div>
                <button
                  type="submit"
                  name="intent"
                  value={`remove-color-${i}`}
                  formNoValidate
                  className="button button-ghost store-btn-sm"
                  aria-label={`Remove colour ${i + 1}`}
                  onClick={inPlace(() => setColors((list) => list.filter((r) => r.key !== row.key)))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldError id="colors-error" errors={err("colorVariations")} />
        <button
          type="submit"
          name="intent"
          value={PRODUCT_INTENTS.addColor}
          formNoValidate
          className="button button-secondary store-btn-sm"
          disabled={variations.length > 0 || colors.length >= MAX_ROWS}
          onClick={inPlace(() => setColors((list) => [...list, { key: rowKey(), colorId: "", stock: "0" }]))}
        >
          Add Colour
        </button>
      </section>

      <section className="form-card editor-section" aria-labelledby="editor-variations">
        <h2 id="editor-variations">Product Variations</h2>
        <p className="field-hint">Variations A, B, C… (for example sizes or styles), each with its own stock.</p>
        {variations.length > 0 ? (
          <ul className="editor-rows">
            {variations.map((row, i) => (
              <li key={row.key} className="editor-row-item">
                <span className="variation-code" aria-hidden="true">
                  {variationCode(i)}
                </span>
                <div className="field">
                  <label htmlFor={`variation-${i}`}>Variation {variationCode(i)} name</label>
                  <input
                    id={`variation-${i}`}
                    name={`productVariations[${i}].variationName`}
                    required
                    maxLength={MAX_VARIATION_NAME}
                    defaultValue={row.variationName}
                    aria-invalid={err(`productVariations[${i}].variationName`) ? true : undefined}
                    aria-describedby={described(err(`productVariations[${i}].variationName`) && `variation-${i}-error`)}
                  />
                  <FieldError id={`variation-${i}-error`} errors={err(`productVariations[${i}].variationName`)} />
                </div>
                <div className="field">
                  <label htmlFor={`variation-${i}-stock`}>Stock</label>
                  <input
                    id={`variation-${i}-stock`}
                    name={`productVariations[${i}].stock`}
                    type="number"
                    inputMode="numeric"
                    min="0"
                    step="1"
                    defaultValue={row.stock}
                    aria-invalid={err(`productVariations[${i}].stock`) ? true : undefined}
                    aria-describedby={described(err(`productVariations[${i}].stock`) && `variation-${i}-stock-error`)}
                  />
                  <FieldError id={`variation-${i}-stock-error`} errors={err(`productVariations[${i}].stock`)} />
                </div>
                <button
                  type="submit"
                  name="intent"
                  value={`remove-variation-${i}`}
                  formNoValidate
                  className="button button-ghost store-btn-sm"
                  aria-label={`Remove variation ${variationCode(i)}`}
                  onClick={inPlace(() => setVariations((list) => list.filter((r) => r.key !== row.key)))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <FieldError id="variations-error" errors={err("productVariations")} />
        <button
          type="submit"
          name="intent"
          value={PRODUCT_INTENTS.addVariation}
          formNoValidate
          className="button button-secondary store-btn-sm"
          disabled={colors.length > 0 || variations.length >= MAX_ROWS}
          onClick={inPlace(() => setVariations((list) => [...list, { key: rowKey(), variationName: "", stock: "0" }]))}
        >
          Add Variation
        </button>
      </section>

      <section className="form-card editor-section" aria-labelledby="editor-images">
        <h2 id="editor-images">Images</h2>
        <div
          className={`drop-zone${dragging ? " is-dragging" : ""}`}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="image-drop-zone"
        >
          <p className="drop-zone-text">Drag and drop images here, or browse. JPG, PNG or WebP, up to 10 MB each.</p>
          <div className="field">
            <label htmlFor="product-files">Choose images</label>
            <input
              ref={fileInput}
              id="product-files"
              name="files"
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              onChange={onFilesChosen}
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
                const hidden =
                  img.kind === "new" ? (
                    <input type="hidden" name={`images[${newIndex++}].id`} value={img.id} />
                  ) : (
                    <input type="hidden" name={`existingImages[${existingIndex++}].id`} value={img.id} />
                  );
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
                        onChange={() => setImages((list) => list.map((x, j) => ({ ...x, isPrimary: j === i })))}
                      />
                      <label htmlFor={`primary-${i}`}>Primary{img.kind === "new" ? " (new)" : ""}</label>
                    </div>
                    <button
                      type="submit"
                      name="intent"
                      value={`remove-image-${i}`}
                      formNoValidate
                      className="button button-ghost store-btn-sm"
                      aria-label={`Remove image ${i + 1}`}
                      onClick={inPlace(() => removeImage(i))}
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

      <section className="form-card editor-section" aria-labelledby="editor-categories">
        <h2 id="editor-categories">Categories</h2>
        <p className="field-hint">A subcategory also selects its parent; unticking a parent unticks its subcategories.</p>
        <FieldError id="categories-error" errors={err("categories")} />
        {topLevel.length === 0 ? <p className="muted small">No categories yet.</p> : null}
        <div className="category-accordion">
          {topLevel.map((parent) => {
            const children = options.categories.filter((c) => c.parentId === parent.id);
            const open = categories.has(parent.id) || children.some((c) => categories.has(c.id));
            return (
              <details key={parent.id} className="category-group" open={open || undefined}>
                <summary>
                  {parent.name}
                  {children.length ? <span className="muted small"> ({children.length})</span> : null}
                </summary>
                <ul className="category-checks">
                  <li className="check">
                    <input
                      id={`cat-${parent.id}`}
                      type="checkbox"
                      name="categories"
                      value={parent.id}
                      checked={categories.has(parent.id)}
                      onChange={(e) => toggleCategory(parent.id, null, e.currentTarget.checked)}
                    />
                    <label htmlFor={`cat-${parent.id}`}>{parent.name}</label>
                  </li>
                  {children.map((child) => (
                    <li key={child.id} className="check category-child">
                      <input
                        id={`cat-${child.id}`}
                        type="checkbox"
                        name="categories"
                        value={child.id}
                        checked={categories.has(child.id)}
                        onChange={(e) => toggleCategory(child.id, parent.id, e.currentTarget.checked)}
                      />
                      <label htmlFor={`cat-${child.id}`}>
                        <span className="sr-only">{parent.name} → </span>
                        {child.name}
                      </label>
                    </li>
                  ))}
                </ul>
              </details>
            );
          })}
        </div>
      </section>

      <div className="actions editor-actions">
        <button type="submit" name="intent" value={PRODUCT_INTENTS.save} className="button button-lg" disabled={uploading > 0 || saving}>
          {saving ? "Saving..." : mode === "add" ? "Create Product" : "Save Changes"}
        </button>
        <Link to="/admin?tab=products" className="button button-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
