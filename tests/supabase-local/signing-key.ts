// The JWT signing key of the local Auth server: an ES256 (P-256) key with a `kid`, published as a
// JWKS, the way a Supabase project with asymmetric signing keys signs its access tokens. supabase-js
// `getClaims()` then verifies tokens locally against `/auth/v1/.well-known/jwks.json`, as in production.
import { randomUUID } from "node:crypto";
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type JWK, type JWTPayload, createLocalJWKSet } from "jose";

export interface SigningKey {
  kid: string;
  /** The public half as served at `/.well-known/jwks.json`. */
  jwks: { keys: JWK[] };
  sign(claims: JWTPayload, expiresAt: number): Promise<string>;
  /** Verified payload (signature, `exp`), or the reason it is refused. */
  verify(token: string): Promise<{ ok: true; claims: JWTPayload } | { ok: false; reason: "expired" | "invalid" }>;
}

export async function createSigningKey(): Promise<SigningKey> {
  const kid = randomUUID();
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig", key_ops: ["verify"], ext: true };
  const jwks = { keys: [jwk] };
  const localSet = createLocalJWKSet(jwks);
  return {
    kid,
    jwks,
    sign: (claims, expiresAt) =>
      new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid, typ: "JWT" }).setExpirationTime(expiresAt).sign(privateKey),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, localSet, { algorithms: ["ES256"] });
        return { ok: true, claims: payload };
      } catch (e) {
        return { ok: false, reason: (e as { code?: string }).code === "ERR_JWT_EXPIRED" ? "expired" : "invalid" };
      }
    },
  };
}
