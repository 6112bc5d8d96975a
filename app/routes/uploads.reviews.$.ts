import { type LoaderFunctionArgs } from "@remix-run/node";
import { serveReviewPhoto } from "~/web/reviews.server";

/** A review's photo or thumbnail: public only while the review is approved (web/reviews.server.ts). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return serveReviewPhoto(request, params["*"] ?? "");
}
