import { FEATURED_TOOL_IDS, HOT_TOOL_IDS, SECOND_MENU_MAX, TOOL_GROUPS, TOOLS, secondMenu, toolsByIds, TUTORIAL_CATEGORIES } from '../../shared/catalogue';

describe('tool catalogue', () => {
  it('has the 56 tool paths of SPEC §2 plus the 6 named pages, each once', () => {
    expect(TOOLS).toHaveLength(62);
    expect(new Set(TOOLS.map((t) => t.path)).size).toBe(62);
    for (const p of ['/pdf-to-longpng/', '/pdf-to-png/', '/image_zip_to_pdf/', '/pdf-to-ofd/', '/ofd-to-pdf/', '/online-mindmap/']) {
      expect(TOOLS.map((t) => t.path)).toContain(p);
    }
  });

  it('puts every tool in one of the seven groups with a Chinese title', () => {
    expect(TOOL_GROUPS).toHaveLength(7);
    for (const t of TOOLS) {
      expect(TOOL_GROUPS.map((g) => g.type)).toContain(t.type);
      expect(t.title).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('shows at most nine second-menu entries for the first five groups and none for the rest', () => {
    TOOL_GROUPS.forEach((g, i) => {
      const menu = secondMenu(g.type);
      if (i < 5) {
        expect(menu.length).toBeGreaterThan(0);
        expect(menu.length).toBeLessThanOrEqual(SECOND_MENU_MAX);
      } else expect(menu).toHaveLength(0);
    });
  });

  it('has ten hot and three featured tools, and the fifteen tutorial categories', () => {
    expect(toolsByIds(HOT_TOOL_IDS)).toHaveLength(10);
    expect(toolsByIds(FEATURED_TOOL_IDS)).toHaveLength(3);
    expect(TUTORIAL_CATEGORIES.map((c) => c.newsId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 15, 68, 148, 149]);
  });
});
