// Any /api path without a route answers in the API's error format, not with an HTML page.
import { AppError } from "@/lib/server/app-error";
import { handle } from "@/lib/server/http/handle";

const notFound = handle(async () => {
  throw new AppError(404, "NOT_FOUND", "No such API endpoint.");
});

export { notFound as GET, notFound as POST, notFound as PATCH, notFound as PUT, notFound as DELETE };
