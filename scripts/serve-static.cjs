// How remix-serve's static middleware for public/ is tuned (scripts/serve.cjs installs it in
// every server process, before remix-serve builds its express app):
//
//   - Pages are not files. remix-serve runs express.static("public") before the Remix handler,
//     so every page request first tried fs.stat("public/<page path>") and failed: about 6 % of
//     a page's CPU in tests/bench. Requests whose path has no file extension ("/shop/hats")
//     now go straight to Remix. Files in public/ all have one (favicon.svg, uploads/...).
//   - Product images are immutable. Uploads are stored under new random names (a UUID), and
//     their thumbnails and WebP widths are derived from that name, so a URL's content never
//     changes. Under public/uploads/products/ they get the year-long `immutable` header, as
//     the uploads route gives them when UPLOAD_DIR is outside public/ (remix-serve's fixed
//     1-hour lifetime stays for everything else in public/).
const path = require("node:path");

const YEAR_IMMUTABLE = "public, max-age=31536000, immutable";
const FILE_EXTENSION = /\.[A-Za-z0-9]+$/;

/** Wraps express.static so that the middleware for `publicDir` behaves as described above. */
function tunePublicStatic(express, publicDir = "public") {
  if (express.static.tunedFor) return;
  const original = express.static;
  const publicRoot = path.resolve(publicDir);
  const productImages = path.join(publicRoot, "uploads", "products") + path.sep;
  const tuned = function serveStatic(root, options = {}) {
    if (path.resolve(String(root)) !== publicRoot) return original.call(this, root, options);
    const ownHeaders = options.setHeaders;
    const serve = original.call(this, root, {
      ...options,
      setHeaders(res, file, stat) {
        if (ownHeaders) ownHeaders(res, file, stat);
        if (file.startsWith(productImages)) res.setHeader("Cache-Control", YEAR_IMMUTABLE);
      },
    });
    return function publicFiles(req, res, next) {
      if (!FILE_EXTENSION.test(req.path)) return next();
      return serve(req, res, next);
    };
  };
  Object.assign(tuned, original);
  tuned.tunedFor = publicRoot;
  express.static = tuned;
}

module.exports = { tunePublicStatic, YEAR_IMMUTABLE };
