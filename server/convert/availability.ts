// Which tools can run on this machine (like Stirling-PDF's endpoint configuration): a tool needs
// a converter and every engine it names to answer its probe. Pages show the others as unavailable
// with the reason, never as a broken button.
import { TOOLS } from '../../shared/catalogue';
import { ENGINES, probeEngine, type EngineId } from './engines/registry';
import { findConverter } from './registry';

export const NOT_BUILT_YET = '该功能即将上线';
export const ENGINE_MISSING = '服务器暂未安装该功能所需的组件，暂时无法使用';

/** Tool id → Chinese reason, for every tool that cannot run here. Tools drawn in the browser need no converter. */
export async function unavailableTools(): Promise<Record<string, string>> {
  const reasons: Record<string, string> = {};
  await Promise.all(
    TOOLS.filter((tool) => tool.accept.length > 0).map(async (tool) => {
      const converter = findConverter(tool.id);
      if (!converter) {
        reasons[tool.id] = NOT_BUILT_YET;
        return;
      }
      const engines = converter.engines.filter((id): id is EngineId => id in ENGINES);
      const probes = await Promise.all(engines.map((id) => probeEngine(id)));
      const missing = probes.find((p) => !p.available);
      if (missing) reasons[tool.id] = missing.reason ?? ENGINE_MISSING;
    }),
  );
  return reasons;
}
