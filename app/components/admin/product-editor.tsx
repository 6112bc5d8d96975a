import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CategoriesFieldset } from "~/components/admin/product-editor/categories-fieldset";
import { type Errors } from "~/components/admin/product-editor/fields";
import { ImagesFieldset } from "~/components/admin/product-editor/images-fieldset";
import { MadeToOrderFieldset } from "~/components/admin/product-editor/made-to-order-fieldset";
import { InformationFieldset } from "~/components/admin/product-editor/information-fieldset";
import { SafetyFieldset } from "~/components/admin/product-editor/safety-fieldset";
import { CustomsFieldset } from "~/components/admin/product-editor/customs-fieldset";
import { PolishFieldset } from "~/components/admin/product-editor/polish-fieldset";
import { useImageUploads } from "~/components/admin/product-editor/use-image-uploads";
import { type ColorRow, ColourFieldset, rowKey, VariationFieldset, type VariationRow } from "~/components/admin/product-editor/variation-fieldsets";
import { Alert } from "~/components/ui/field";
import { useToastEffect } from "~/components/ui/toaster";
import { type EditorValues, PRODUCT_INTENTS, PRODUCT_TEXT } from "~/domain/catalogue/product-texts";
import type { EditorActionData, EditorOptions, EditorPageData } from "~/web/admin/product-editor.server";
import { AdminAccessDenied } from "~/components/admin/access-denied";

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
    return <AdminAccessDenied text={PRODUCT_TEXT.accessDenied} signedIn={data.signedIn} />;
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

/** The colours a photo can be tagged with: the product's chosen colour rows, in their order. */
function photoColors(rows: ColorRow[], palette: EditorOptions["colors"]) {
  return rows.flatMap((r) => palette.filter((c) => String(c.id) === r.colorId)).filter((c, i, all) => all.indexOf(c) === i);
}

function ProductEditor({ mode, values, errors, options }: { mode: "add" | "edit"; values: EditorValues; errors: Errors; options: EditorOptions }) {
  const navigation = useNavigation();
  const [colors, setColors] = useState<ColorRow[]>(() => values.colorVariations.map((c) => ({ ...c, key: rowKey() })));
  const [variations, setVariations] = useState<VariationRow[]>(() => values.productVariations.map((v) => ({ ...v, key: rowKey() })));
  const uploads = useImageUploads(values.images);
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === PRODUCT_INTENTS.save;

  const formError = errors[""];
  useEffect(() => {
    if (formError || Object.keys(errors).length === 0) return;
    document.querySelector<HTMLElement>('.product-editor [aria-invalid="true"]')?.focus();
  }, [errors, formError]);

  return (
    <Form method="post" encType="multipart/form-data" className="product-editor form-stack" aria-busy={saving || undefined}>
      {formError ? (
        <Alert title={mode === "add" ? PRODUCT_TEXT.createFailed : PRODUCT_TEXT.updateFailed}>{formError.join(" ")}</Alert>
      ) : Object.keys(errors).length > 0 ? (
        <Alert title="Please check the highlighted fields." />
      ) : null}

      <InformationFieldset
        mode={mode}
        constraints={options.constraints}
        values={values}
        errors={errors}
        stockFrom={colors.length > 0 ? "colour variations" : variations.length > 0 ? "product variations" : null}
      />
      <SafetyFieldset mode={mode} constraints={options.constraints} values={values} errors={errors} defaultSafetyNotice={options.defaultSafetyNotice} />
      <PolishFieldset constraints={options.constraints} values={values} errors={errors} />
      <MadeToOrderFieldset constraints={options.constraints} values={values} errors={errors} />
      <CustomsFieldset constraints={options.constraints} values={values} errors={errors} defaults={options.defaultCustoms} />
      <ColourFieldset
        rows={colors}
        constraints={options.constraints}
        errors={errors}
        colors={options.colors}
        blocked={variations.length > 0}
        onAdd={() => setColors((list) => [...list, { key: rowKey(), colorId: "", stock: "0" }])}
        onRemove={(key) => setColors((list) => list.filter((r) => r.key !== key))}
        onChoose={(key, colorId) => setColors((list) => list.map((r) => (r.key === key ? { ...r, colorId } : r)))}
      />
      <VariationFieldset
        rows={variations}
        constraints={options.constraints}
        errors={errors}
        blocked={colors.length > 0}
        onAdd={() => setVariations((list) => [...list, { key: rowKey(), variationName: "", stock: "0" }])}
        onRemove={(key) => setVariations((list) => list.filter((r) => r.key !== key))}
      />
      <ImagesFieldset uploads={uploads} errors={errors} colors={photoColors(colors, options.colors)} />
      <CategoriesFieldset chosen={values.categories} categories={options.categories} errors={errors} />

      <div className="actions editor-actions">
        <button type="submit" name="intent" value={PRODUCT_INTENTS.save} className="button button-lg" disabled={uploads.uploading > 0 || saving}>
          {saving ? "Saving..." : mode === "add" ? "Create Product" : "Save Changes"}
        </button>
        <Link to="/admin?tab=products" className="button button-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}
