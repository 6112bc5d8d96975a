// The mail catcher alone: tsx tools/mail-catcher/cli.ts (MAIL_CATCHER_PORT, default 1025; MAIL_CATCHER_DIR, default data/mail).
import { startMailCatcher } from "./index";

const catcher = await startMailCatcher({
  port: Number(process.env.MAIL_CATCHER_PORT ?? 1025),
  dir: process.env.MAIL_CATCHER_DIR ?? "data/mail",
});
console.log(`Mail catcher: SMTP on ${catcher.url}, messages kept in ${process.env.MAIL_CATCHER_DIR ?? "data/mail"}`);
const stop = () => void catcher.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
