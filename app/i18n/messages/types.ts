/** A language's version of an area's messages: every key of the English, each an ICU message. */
export type Translation<T> = { readonly [K in keyof T]: string };
