import { z } from "zod";
import { userOf } from "@/lib/auth/claims";
import { checkDisplayName, displayNameField, nameMessages } from "@/lib/auth/display-name";
import { AppError } from "@/lib/server/app-error";
import { handle } from "@/lib/server/http/handle";

const body = z.strictObject({ displayName: displayNameField });

export const POST = handle(async (c) => {
  const { displayName } = await c.body(body);
  const name = checkDisplayName(displayName);
  if (!name.ok) throw new AppError(400, "BAD_NAME", nameMessages[name.problem]);
  const claims = await c.auth.signIn(name.name);
  return { user: userOf(claims) };
});
