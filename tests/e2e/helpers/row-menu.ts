import { expect, type Locator } from "@playwright/test";

/**
 * Opens an admin table row's 'More' menu (a <details>, so the same click with JavaScript on and
 * off) and answers the menu; an open menu is left open. `within` is the row, or any element
 * holding exactly one row menu.
 */
export async function openRowMenu(within: Locator): Promise<Locator> {
  const menu = within.locator("details.row-menu");
  await expect(menu).toHaveCount(1);
  if ((await menu.getAttribute("open")) === null) await menu.locator("> summary").click();
  await expect(menu).toHaveAttribute("open", "");
  return menu;
}
