import { type AccountExport } from "~/domain/privacy/export.server";
import { exportFileName } from "~/domain/privacy/texts";

/** The export as a file download: pretty-printed JSON, never cached (it is one person's data). */
export function exportDownload(data: AccountExport): Response {
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(data.exportedAt)}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
