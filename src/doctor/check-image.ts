/**
 * The token's image, fetched as the service's image cache would: reachable, an image (by its content type,
 * or by its first bytes when the type is missing), and within the doctor's byte cap. Read under the cap
 * only: a large image is never held in full.
 */
import { shown } from "./evidence.js";
import type { Observation } from "./findings.js";
import { type HostFetchSettings, hostGet } from "./host-fetch.js";
import { troubleOf } from "./host-trouble.js";
import { noAnswerFinding } from "./no-answer.js";
import { type Gateways, resolveUri } from "./resolve-uri.js";

/** The first bytes of common image formats: PNG, JPEG, GIF, WebP's RIFF, and SVG's text. */
function looksLikeImage(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 256)).trimStart();
  return (
    (bytes[0] === 0x89 && head.startsWith("PNG", 1)) ||
    (bytes[0] === 0xff && bytes[1] === 0xd8) ||
    head.startsWith("GIF8") ||
    head.startsWith("RIFF") ||
    /^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(head)
  );
}

/** Fetches `image` (through `gateways`) and judges it; `maxBytes` is the largest image accepted. */
export async function checkImage(
  image: string,
  gateways: Gateways,
  maxBytes: number,
  settings: HostFetchSettings,
): Promise<Observation> {
  const resolved = resolveUri(image, gateways);
  if (!resolved.ok)
    return {
      code: "image_unreachable",
      message: `the image URI cannot be fetched: ${shown(resolved.reason)}`,
      evidence: { image: shown(image) },
    };
  const answer = await hostGet(resolved.url, "image/*", maxBytes, settings);
  const where = { image: shown(image), url: shown(answer.url), gateway: resolved.gateway };
  if (!answer.ok) return noAnswerFinding("image", answer, where, settings);
  const trouble = troubleOf(answer);
  if (trouble || answer.status < 200 || answer.status > 299) {
    const why =
      trouble?.kind === "rate_limited"
        ? "rate-limited (429)"
        : trouble?.kind === "challenge"
          ? `a bot challenge (${trouble.marker})`
          : `status ${answer.status}`;
    return {
      code: "image_unreachable",
      message: `the image host answered ${why}, not the image`,
      evidence: { ...where, status: answer.status },
    };
  }
  const contentType = answer.headers.get("content-type");
  if (answer.tooLarge)
    return {
      code: "image_too_large",
      message: `the image is larger than ${maxBytes} bytes`,
      evidence: {
        ...where,
        max_bytes: maxBytes,
        content_length: shown(answer.headers.get("content-length")),
      },
    };
  const body = answer.body ?? new Uint8Array();
  const typed = contentType?.trim().toLowerCase().startsWith("image/") ?? false;
  if (!typed && !(contentType === null && looksLikeImage(body)))
    return {
      code: "image_not_image",
      message: `the image URI serves ${shown(contentType ?? "no content type")}, not an image`,
      evidence: {
        ...where,
        content_type: shown(contentType),
        starts_with: shown(new TextDecoder().decode(body.subarray(0, 60))),
      },
    };
  return {
    code: "image_ok",
    message: "the image answers as an image",
    evidence: { ...where, content_type: shown(contentType), bytes: body.byteLength },
  };
}
