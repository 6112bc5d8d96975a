import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Alert, Field } from "~/components/ui/field";
import { PagePhotoFields } from "~/components/admin/page-photos";
import type { loadPageEditor, PageEditorActionData } from "~/web/admin/page-editor.server";
import { PAGE_INTENTS, PAGE_TEXT } from "~/domain/pages/slugs";
import { SHIPPING_TIME_PLACEHOLDER } from "~/domain/orders/dispatch-time";
import { localizePath, LOCALE_NAMES } from "~/i18n/locales";

type EditorData = SerializeFrom<typeof loadPageEditor>;

const DATE_TIME = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
  timeZone: "UTC",
});

/** Same text on the server and in the browser (UTC), so hydration never differs. */
export function formatSavedAt(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(/[zZ]|[+-]\d\d:\d\d$/.test(iso) ? iso : `${iso.replace(" ", "T")}Z`);
  return Number.isNaN(date.getTime()) ? iso : `${DATE_TIME.format(date)} UTC`;
}

const PREVIEW_DELAY_MS = 400;

/**
 * The live preview (JavaScript only): the text is rendered by the server's own Markdown code
 * (POST /api/admin/markdown-preview) a moment after typing stops, so the browser carries none.
 */
function useLivePreview(resetKey: string) {
  const [live, setLive] = useState<{ title: string; html: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const latest = useRef(0);
  useEffect(() => {
    setLive(null);
    // A preview still on its way belongs to the text before; it must not cover the new one.
    latest.current++;
    return () => clearTimeout(timer.current);
  }, [resetKey]);
  return {
    live,
    onEdit(form: HTMLFormElement) {
      clearTimeout(timer.current);
      timer.current = setTimeout(async () => {
        const data = new FormData(form);
        const title = String(data.get("title") ?? "");
        const body = String(data.get("body") ?? "");
        const ticket = ++latest.current;
        try {
          const res = await fetch("/api/admin/markdown-preview", {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "application/json" },
            body: JSON.stringify({ body }),
          });
          if (!res.ok || ticket !== latest.current) return;
          const { html } = (await res.json()) as { html: string };
          setLive({ title, html });
        } catch {
          // Offline or refused: the Preview button still works.
        }
      }, PREVIEW_DELAY_MS);
    },
  };
}

export function PageEditorPage() {
  const data = useLoaderData<EditorData>();
  const action = useActionData() as PageEditorActionData | undefined;
  const submitted = action?.result?.initialValue ?? null;
  const value = (name: "title" | "body" | "alt") => {
    if (name === "alt") return typeof submitted?.alt === "string" && !action?.photo ? submitted.alt : "";
    if (action?.preview) return action.preview[name];
    if (submitted) return typeof submitted[name] === "string" ? (submitted[name] as string) : "";
    return data.page[name];
  };
  const error = (name: string) => action?.result?.error?.[name]?.[0] ?? undefined;
  const formKey = `${data.page.versionId ?? "default"}:${JSON.stringify(submitted)}:${action?.preview ? "p" : ""}`;
  // The form comes back with new text (a preview, a refused save, a photo added): its own preview shows.
  const { live, onEdit } = useLivePreview(formKey);
  const previewTitle = live?.title ?? action?.preview?.title ?? data.page.title;
  const previewHtml = live?.html ?? action?.preview?.html ?? data.page.html;
  const refused = action?.intent === PAGE_INTENTS.save && action.result?.error;
  const bodyError = error("body");
  const here = editorHere(data);
  const shownAt = localizePath(`/${data.slug}`, data.locale);
  const formRef = useRef<HTMLFormElement>(null);
  // Puts a photo's Markdown line where the cursor is (JavaScript only), and refreshes the preview.
  const insertLine = (line: string) => {
    const area = formRef.current?.elements.namedItem("body");
    if (!(area instanceof HTMLTextAreaElement)) return;
    const at = area.selectionStart ?? area.value.length;
    area.setRangeText(`\n\n${line}\n\n`, at, area.selectionEnd ?? at, "end");
    area.focus();
    onEdit(formRef.current!);
  };

  return (
    <div className="container page-editor">
      <p className="small">
        <Link to={data.locale === "en" ? "/admin?tab=pages" : `/admin?tab=pages&locale=${data.locale}`}>← All pages</Link>
      </p>
      <h1>Edit {data.label}</h1>
      <LanguageSwitch languages={data.languages} current={data.locale} label="Language of the page" />
      <p className="muted">
        Shown at <a href={shownAt}>{shownAt}</a>.{" "}
        {data.fallback
          ? `Not written in ${LOCALE_NAMES[data.locale]} yet: the shop shows the English text there, filled in below to translate.`
          : data.page.updatedAt
            ? `Last saved ${formatSavedAt(data.page.updatedAt)} by ${data.page.savedByEmail}.`
            : "Not saved yet: the shop shows its default text."}
      </p>

      {data.viewing ? <OldVersion version={data.viewing} data={data} isCurrent={data.viewing.id === data.page.versionId} /> : null}

      <div className="page-editor-grid">
        <Form
          method="post"
          action={here}
          className="form-stack form-card"
          key={formKey}
          ref={formRef}
          encType="multipart/form-data"
          onChange={(e) => onEdit(e.currentTarget)}
          aria-label={data.locale === "en" ? `Edit ${data.label}` : `Edit ${data.label} (${LOCALE_NAMES[data.locale]})`}
        >
          {refused ? <Alert title="Page not saved">Please correct the fields below.</Alert> : null}
          <Field name="title" label="Title" idPrefix="page-" {...data.constraints.title} defaultValue={value("title")} error={error("title")} />
          <div className="field">
            <label htmlFor="page-body">Text (Markdown)</label>
            <textarea
              id="page-body"
              name="body"
              rows={24}
              required={data.constraints.body.required}
              maxLength={data.constraints.body.maxLength}
              defaultValue={value("body")}
              className="page-body-input"
              lang={data.locale}
              aria-invalid={bodyError ? true : undefined}
              aria-describedby={`page-body-hint${bodyError ? " page-body-error" : ""}`}
            />
            <p className="field-hint" id="page-body-hint">
              <code>## Heading</code>, <code>**bold**</code>, <code>*italic*</code>, <code>- list item</code>, <code>&gt; note</code>,{" "}
              <code>[link text](https://…)</code> or <code>[link text](/shop)</code>, a table (<code>| a | b |</code> rows under a <code>|---|---|</code> line),
              a photo <code>![what it shows](/uploads/pages/…)</code> (only the shop's own, uploaded below). HTML is shown as text.{" "}
              <code>{SHIPPING_TIME_PLACEHOLDER}</code> shows the dispatch time of Settings.
            </p>
            {bodyError ? (
              <p className="field-error" id="page-body-error">
                {bodyError}
              </p>
            ) : null}
          </div>
          <PagePhotoFields
            errors={{ photo: error("photo"), alt: error("alt") }}
            alt={value("alt")}
            added={action?.photo ?? null}
            photos={data.photos}
            onInsert={insertLine}
          />
          <div className="actions">
            <button type="submit" name="intent" value={PAGE_INTENTS.preview} className="button button-secondary" formNoValidate>
              Preview
            </button>
            <button type="submit" name="intent" value={PAGE_INTENTS.save} className="button">
              Save
            </button>
          </div>
        </Form>

        <section className="page-preview" aria-labelledby="page-preview-title" aria-live="polite">
          <h2 id="page-preview-title" className="page-preview-label">
            Preview
          </h2>
          <div className="prose-page owner-page" data-testid="page-preview" lang={data.fallback ? "en" : data.locale}>
            <p className="page-preview-heading">{previewTitle}</p>
            <div className="owner-page-body" dangerouslySetInnerHTML={{ __html: previewHtml }} />
          </div>
        </section>
      </div>

      <Versions data={data} />
    </div>
  );
}

/** The editor's own address in its language, where its forms post. */
function editorHere(data: EditorData): string {
  return data.languages.find((l) => l.code === data.locale)?.url ?? `/admin/pages/${data.slug}`;
}

/** 'English' / 'Polski': each language of a page is its own text with its own versions (the editor and the Pages tab). */
export function LanguageSwitch({ languages, current, label }: { languages: { code: string; name: string; url: string }[]; current: string; label: string }) {
  return (
    <nav className="page-languages small" aria-label={label}>
      {languages.map((l, i) => (
        <span key={l.code}>
          {i > 0 ? " | " : null}
          {l.code === current ? (
            <strong aria-current="page">{l.name}</strong>
          ) : (
            <Link to={l.url} lang={l.code}>
              {l.name}
            </Link>
          )}
        </span>
      ))}
    </nav>
  );
}

// With JavaScript a confirm() prompt; without it the post restores at once, which loses nothing:
// the text it replaces stays in the list of versions.
function RestoreForm({ id, label, action }: { id: number; label: string; action: string }) {
  return (
    <Form
      method="post"
      action={action}

      onSubmit={(event) => {
        if (!window.confirm(PAGE_TEXT.restoreConfirm)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={PAGE_INTENTS.restore} />
      <input type="hidden" name="versionId" value={id} />
      <button type="submit" className="button button-secondary button-small" aria-label={label}>
        Restore
      </button>
    </Form>
  );
}

function Versions({ data }: { data: EditorData }) {
  return (
    <section className="page-versions" aria-labelledby="page-versions-title">
      <h2 id="page-versions-title">{data.locale === "en" ? "Versions" : `Versions (${LOCALE_NAMES[data.locale]})`}</h2>
      {data.versions.length === 0 ? (
        <p className="muted">
          {data.fallback
            ? `No ${LOCALE_NAMES[data.locale]} versions yet: the shop shows the English text until the first save.`
            : "No saved versions yet: the shop shows the default text until the first save."}
        </p>
      ) : (
        <div className="store-table-wrap">
          <table className="store-table">
            <caption className="sr-only">Saved versions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Saved</th>
                <th scope="col">By</th>
                <th scope="col">Title</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.versions.map((v) => {
                const current = v.id === data.page.versionId;
                return (
                  <tr key={v.id} data-testid={`version-${v.id}`}>
                    <td data-label="Saved">
                      {formatSavedAt(v.createdAt)}
                      {current ? <span className="store-tag page-current">Current</span> : null}
                    </td>
                    <td data-label="By">{v.savedByEmail}</td>
                    <td data-label="Title">{v.title}</td>
                    <td className="row-actions">
                      <Link to={`${editorHere(data)}${data.locale === "en" ? "?" : "&"}version=${v.id}`} aria-label={`View version ${v.id}`}>
                        View
                      </Link>
                      {current ? null : <RestoreForm id={v.id} label={`Restore version ${v.id}`} action={editorHere(data)} />}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function OldVersion({ version, data, isCurrent }: { version: NonNullable<EditorData["viewing"]>; data: EditorData; isCurrent: boolean }) {
  return (
    <section className="form-card page-old-version" aria-labelledby="old-version-title">
      <h2 id="old-version-title">
        Version {version.id}, saved {formatSavedAt(version.createdAt)} by {version.savedByEmail}
      </h2>
      <p className="muted small">{isCurrent ? "This is the text shown now." : "Read only. Restore it to show it again; the current text stays in the list."}</p>
      <div className="prose-page owner-page" data-testid="old-version" lang={data.locale}>
        <p className="page-preview-heading">{version.title}</p>
        <div className="owner-page-body" dangerouslySetInnerHTML={{ __html: version.html }} />
      </div>
      <details>
        <summary>Markdown</summary>
        <textarea readOnly rows={12} className="page-body-input" value={version.body} aria-label={`Markdown of version ${version.id}`} />
      </details>
      <div className="actions">
        {isCurrent ? null : <RestoreForm id={version.id} label={`Restore version ${version.id}`} action={editorHere(data)} />}
        <Link to={editorHere(data)} className="button button-secondary">
          Close
        </Link>
      </div>
    </section>
  );
}
