/** Name as the Users tab shows it: first plus last name, else the part of the e-mail before @. */
export function displayName(firstName: string | null, lastName: string | null, email: string): string {
  const full = [firstName ?? "", lastName ?? ""]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(" ");
  return full || email.split("@")[0] || email;
}
