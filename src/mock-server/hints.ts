/** What to try against a running mock: printed by `hiro-lookup mock` and `npm run mock`. */

const PRINCIPAL = "SP3K8BC0PPEVCV7NZ6QSRWPQ2JE9E5B6N3PA0KBR9.key-alex-autoalex-v1";
const TWO_PAGE_SAT = "257418248345364";
const TRANSFER_TX = "ce23aa836d3eb9803e25619ec2162d6000400da209c85532f0731f48ce4d21c0";

/**
 * A few requests that show the mock's rules, as curl commands against `url`. `rateLimited`: the mock
 * shows a rate limit (`hiro-lookup mock`'s does; the dev loop's Prism does not).
 */
export function mockHints(url: string, rateLimited = true): string {
  const token = `${url}/metadata/v1/sft/${PRINCIPAL}`;
  const sats = `${url}/ordinals/v1/sats`;
  const limit = rateLimited
    ? `Every answer carries Hiro's rate-limit headers (ratelimit-limit, -remaining, -reset); once the budget
is spent it answers 429 with retry-after, which a client honours before it gives up.
`
    : "A client honours a 429's Retry-After before it gives up.\n";
  return `The mock answers any valid id as the service would: the spec's named examples for the ids they
name (see x-request in openapi.yaml), an empty page for any other sat or transaction, 404 for any other
token. A Prefer header picks any named example, whatever the id (the guide's "The mock" lists them).
${limit}
Try:
  # a token: its metadata, in a locale, still being fetched (422), unknown (404)
  curl -s ${token}/35
  curl -s '${token}/35?locale=es-MX'
  curl -s ${token}/36
  curl -s ${token}/99
  # a sat over two pages of 2, any other sat (an empty page), a refused limit (the service's 400)
  curl -s '${sats}/${TWO_PAGE_SAT}/inscriptions?limit=2'
  curl -s '${sats}/${TWO_PAGE_SAT}/inscriptions?offset=2&limit=2'
  curl -s '${sats}/5000000000/inscriptions?offset=20'
  curl -si '${sats}/${TWO_PAGE_SAT}/inscriptions?limit=61'
  # a transaction with four rune activities; any documented answer, whatever the id
  curl -s ${url}/runes/v1/transactions/${TRANSFER_TX}/activity
  curl -s -H 'Prefer: example=tokenError' ${token}/35
  curl -si -H 'Prefer: code=429' ${token}/35
${rateLimited ? `  # the rate-limit headers of an answer\n  curl -si ${url}/metadata/v1/ | grep -i ratelimit\n` : ""}`;
}
