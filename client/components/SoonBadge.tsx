// 即将上线 next to a tool that cannot run on this deployment (server/convert/availability.ts decides,
// the site config carries it), wherever the tool is listed; its link still opens the tool's page,
// which says why.
import { useSiteConfig } from '../routing/site-config';

export function useToolUnavailable(toolId: string): boolean {
  return toolId in useSiteConfig().unavailableTools;
}

/**
 * Part of the cache key of cached markup listing tools: which tools are unavailable is fixed for a
 * server's life, but the key still names it so cached lists never depend on more than their key.
 */
export function useAvailabilityKey(): string {
  return Object.keys(useSiteConfig().unavailableTools).sort().join(',');
}

export function SoonBadge({ toolId }: { toolId: string }) {
  return useToolUnavailable(toolId) ? <span className="soon-badge">即将上线</span> : null;
}
