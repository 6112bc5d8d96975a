/**
 * A name as e-mails may show it: letters of any script, spaces, apostrophes and hyphens only.
 * Names are typed by whoever filled a form, and a mail may go to an address they typed: with no
 * dots, slashes, digits or symbols left, a name can never become a link or a message of their own.
 */
export function mailName(name: string | null | undefined): string {
  return (name ?? "")
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\s'’-]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 60);
}
