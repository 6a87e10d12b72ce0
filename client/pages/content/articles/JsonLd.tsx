// Structured data for search engines (schema.org JSON-LD), in the page body so it follows client
// navigation too. A data block: never executed, so the CSP's script nonce does not apply.

/** JSON inside <script>: nothing in it may close the tag. */
function scriptSafe(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafe({ '@context': 'https://schema.org', ...data }) }} />;
}
