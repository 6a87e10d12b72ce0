// The operators' refund call (POST /admin/pay/refund), as a support tool would send it.

export interface AdminAnswer {
  status: number;
  body: { ret: number; msg: string; data?: Record<string, unknown> };
}

/** Posts {orderId, reason} as JSON with `Authorization: Bearer <token>` (none when token is undefined). */
export async function adminRefund(origin: string, token: string | undefined, body: unknown): Promise<AdminAnswer> {
  const res = await fetch(`${origin}/admin/pay/refund`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as AdminAnswer['body'] };
}
