/**
 * The storefront's browser module: the only JavaScript of every shopper's page (lean pages,
 * app/lib/lean-page.ts). Each behaviour (browser/behaviors/*) enhances the server's markup
 * through a data attribute; every page works without it.
 */
import { startCatalogue } from "~/browser/enhance";
import { attachBehaviors, setActiveBehaviors, type Behavior } from "~/browser/runtime";

const BEHAVIORS: readonly Behavior[] = [];

setActiveBehaviors(BEHAVIORS);
attachBehaviors(document);
startCatalogue();
