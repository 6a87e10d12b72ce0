// What a saved map must look like (zod), checked on every save. The size, node count and depth are
// checked first, without recursion, so a hostile body is refused before zod walks it.
import { z } from 'zod';
import { MINDMAP_LIMITS, THEME_IDS, type MindMapDoc, type MindNode } from '../../shared/mindmap/document';

const nodeSchema: z.ZodType<MindNode> = z.lazy(() =>
  z.strictObject({
    id: z.string().min(1).max(64),
    text: z.string().max(MINDMAP_LIMITS.maxTextLength),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(),
    collapsed: z.boolean().optional(),
    children: z.array(nodeSchema),
  }),
);

export const docSchema: z.ZodType<MindMapDoc> = z.strictObject({
  version: z.literal(1),
  theme: z.enum(THEME_IDS),
  root: nodeSchema,
});

/** Node count and depth of an unchecked value, following only `children` arrays, iteratively. */
export function roughShape(value: unknown): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const root = (value as { root?: unknown } | null)?.root;
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length) {
    const [n, d] = stack.pop()!;
    nodes++;
    depth = Math.max(depth, d);
    if (nodes > MINDMAP_LIMITS.maxNodes || depth > MINDMAP_LIMITS.maxDepth) break;
    const children = (n as { children?: unknown } | null)?.children;
    if (Array.isArray(children)) for (const c of children) stack.push([c, d + 1]);
  }
  return { nodes, depth };
}
