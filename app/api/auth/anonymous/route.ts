import { z } from "zod";
import { userOf } from "@/lib/auth/claims";
import { checkDisplayName, displayNameField, nameErrorCode, nameMessages } from "@/lib/auth/display-name";
import { AppError } from "@/lib/server/app-error";
import { clientAddress } from "@/lib/server/client-address";
import { handle } from "@/lib/server/http/handle";
import { signInLimit } from "@/lib/server/limits";
import { takeRateLimit } from "@/lib/server/rate-limit";

const body = z.strictObject({ displayName: displayNameField });

export const POST = handle(async (c) => {
  const { displayName } = await c.body(body);
  const name = checkDisplayName(displayName);
  if (!name.ok) throw new AppError(400, nameErrorCode(name.problem), nameMessages[name.problem]);
  const address = clientAddress(c.req);
  if (address) await takeRateLimit(await c.db(), signInLimit(), address, "Too many sign-ins from this address.");
  const claims = await c.auth.signIn(name.name);
  return { user: userOf(claims) };
});
