import { type InputHTMLAttributes, type ReactNode } from "react";
import { type FieldConstraint } from "~/lib/field-constraint";
import { useI18n } from "~/i18n/context";

/** Field errors as Conform's `submission.reply()` sends them back. */
export type FieldErrors = Record<string, string[] | null | undefined> | null | undefined;

export function firstError(errors: FieldErrors, name: string): string | undefined {
  return errors?.[name]?.[0] ?? undefined;
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id"> {
  name: string;
  label: ReactNode;
  /** Makes ids unique when one page has two forms with the same field names. */
  idPrefix?: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose server-side error sits beside it and is announced with it. */
export function Field({ name, label, idPrefix = "", error, hint, ...input }: FieldProps) {
  const id = `${idPrefix}${name}`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  // The schemas' messages are English (the API's); a page shows them in its own language.
  const { text } = useI18n();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId}>
          {text(error)}
        </p>
      ) : null}
    </div>
  );
}

interface CredentialFieldProps {
  /** The field's native constraints, computed on the server from the schema its action parses with. */
  constraint: FieldConstraint;
  label?: ReactNode;
  name?: string;
  idPrefix?: string;
  error?: string;
  hint?: ReactNode;
}

/**
 * An e-mail address: `type="email"`, filled in by the browser from the person's own address unless
 * told otherwise (null: an address that is not the person's, such as the shop's, gets no hint).
 */
export function EmailField({
  constraint,
  label = "Email",
  name = "email",
  autoComplete = "email",
  defaultValue,
  ...field
}: CredentialFieldProps & { autoComplete?: "email" | "username" | "off" | null; defaultValue?: string }) {
  return <Field name={name} label={label} type="email" autoComplete={autoComplete ?? undefined} {...constraint} defaultValue={defaultValue} {...field} />;
}

/**
 * A password: `type="password"`, never filled from what was sent (the server never echoes a
 * password). `autoComplete` says which one it is, so password managers offer or save the right one.
 */
export function PasswordField({
  constraint,
  label = "Password",
  name = "password",
  autoComplete,
  ...field
}: CredentialFieldProps & { autoComplete: "current-password" | "new-password" }) {
  return <Field name={name} label={label} type="password" autoComplete={autoComplete} {...constraint} {...field} />;
}

export function Alert({ title, children, tone = "error" }: { title: string; children?: ReactNode; tone?: "error" | "success" | "info" }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === "error" ? "alert" : "status"}>
      <p className="alert-title">{title}</p>
      {children ? <p>{children}</p> : null}
    </div>
  );
}
