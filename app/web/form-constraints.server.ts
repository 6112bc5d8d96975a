import { getZodConstraint } from "@conform-to/zod";
import { z } from "zod";
import { type FieldConstraint } from "~/lib/field-constraint";

/** Every field of a schema's input, each with its native constraints. */
export type FormConstraints<S extends z.ZodTypeAny> = { [K in keyof z.input<S> & string]-?: FieldConstraint };

const computed = new WeakMap<z.ZodTypeAny, Record<string, FieldConstraint>>();

/** Only what changes the browser's check: `required` when true, a minimum length above 1 (required already refuses ""). */
function nativeOf(constraint: ReturnType<typeof getZodConstraint>[string] | undefined): FieldConstraint {
  const { required, minLength, maxLength, min, max, pattern } = constraint ?? {};
  return {
    required: required || undefined,
    minLength: minLength !== undefined && minLength > 1 ? minLength : undefined,
    maxLength,
    min: typeof min === "number" ? min : undefined,
    max: typeof max === "number" ? max : undefined,
    pattern,
  };
}

/**
 * Each field's native constraints (required, lengths, number bounds, pattern), computed from the
 * zod schema its action parses with, so the browser's check and the server's are one rule.
 * Computed on the server and sent with the page's data: zod stays out of every browser file
 * (docs/decisions/no-zod-in-the-browser.md).
 */
export function formConstraints<S extends z.ZodTypeAny>(
  schema: S,
  /** `required`: fields a domain rule requires wherever the form shows them, which the schema cannot know (it also serves the other cases). */
  options: { required?: (keyof z.input<S> & string)[] } = {},
): FormConstraints<S> {
  let all = computed.get(schema);
  if (!all) {
    const raw = getZodConstraint(schema);
    // Frozen: shared by every request (the root loader asks on every page), so nobody may change it.
    all = Object.freeze(Object.fromEntries(Object.entries(raw).map(([name, constraint]) => [name, Object.freeze(nativeOf(constraint))])));
    computed.set(schema, all);
  }
  if (!options.required?.length) return all as FormConstraints<S>;
  const constraints = { ...all };
  for (const name of options.required ?? []) constraints[name] = { ...constraints[name], required: true };
  return constraints as FormConstraints<S>;
}

/**
 * A whole number typed into a text input (`inputMode="numeric"`), where min and max do not apply:
 * as many digits as the schema's maximum has, and only digits.
 */
export function digitsConstraint({ required, max }: FieldConstraint): FieldConstraint {
  if (max === undefined) throw new Error("digitsConstraint needs a schema maximum");
  const digits = String(Math.trunc(max)).length;
  return { required, maxLength: digits, pattern: `\\d{1,${digits}}` };
}

/** One field's native constraints, from a schema of that field alone (one shared by several forms and the API). */
export function fieldConstraint(schema: z.ZodTypeAny): FieldConstraint {
  return formConstraints(z.object({ field: schema })).field;
}
