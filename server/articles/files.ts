// Article files (server/content/articles/*.md): YAML front matter between --- lines, then the
// Markdown body. Each file is checked against the fixed format (README "Articles"); a file that
// breaks it is reported by name and left out, so one bad file never takes the site down.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { HELP_CATEGORIES, tagName, tutorialCategory, GENERAL_CATEGORY, type ArticleSummary } from '../../shared/articles';
import { findTool } from '../../shared/catalogue';

/** An article as its file gives it: the summary's fields, the Markdown body and the file's name. */
export interface ArticleFile extends Omit<ArticleSummary, 'cover'> {
  /** The cover's file name in the images folder (the summary gives its URL). */
  cover?: string;
  body: string;
  file: string;
}

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

/** YAML reads 2026-10-02 as a string with the core schema; a Date (other schemas) is turned back. */
const day = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v))
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), '日期格式应为 YYYY-MM-DD');

const frontMatter = z
  .object({
    id: z.number().int().positive(),
    kind: z.enum(['tutorial', 'help']),
    category: z.union([z.number().int(), z.string()]),
    tool: z.string().optional(),
    tags: z.array(z.string()).default([]),
    title: z.string().trim().min(1).max(200),
    summary: z.string().trim().min(1).max(500),
    cover: z.string().regex(/^[\w.-]+\.(png|jpe?g|webp|gif|svg)$/i, '封面应为 images 目录中的图片文件名').optional(),
    published: day,
    updated: day.optional(),
  })
  .superRefine((v, ctx) => {
    if (tutorialCategory(v.id)) ctx.addIssue({ code: 'custom', path: ['id'], message: `id ${v.id} 与教程分类 id 冲突` });
    if (v.kind === 'tutorial' && !(v.category === GENERAL_CATEGORY || (typeof v.category === 'number' && tutorialCategory(v.category)))) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: `教程分类 ${String(v.category)} 不存在` });
    }
    if (v.kind === 'help' && !(typeof v.category === 'string' && Object.hasOwn(HELP_CATEGORIES, v.category))) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: `帮助分类 ${String(v.category)} 不存在` });
    }
    if (v.tool && !findTool(v.tool)) ctx.addIssue({ code: 'custom', path: ['tool'], message: `工具 ${v.tool} 不在目录中` });
    for (const tag of v.tags) if (!tagName(tag)) ctx.addIssue({ code: 'custom', path: ['tags'], message: `标签 ${tag} 未定义` });
  });

/** One file's text → its article, or the reasons it is refused. */
export function parseArticle(text: string, file: string): { article?: ArticleFile; problems: string[] } {
  const m = FRONT_MATTER.exec(text);
  if (!m) return { problems: [`${file}: 缺少 --- 包围的文件头`] };
  let data: unknown;
  try {
    data = parseYaml(m[1]);
  } catch (error) {
    return { problems: [`${file}: 文件头不是合法的 YAML: ${(error as Error).message}`] };
  }
  const parsed = frontMatter.safeParse(data);
  if (!parsed.success) return { problems: parsed.error.issues.map((i) => `${file}: ${i.path.join('.') || '文件头'} ${i.message}`) };
  const v = parsed.data;
  const body = m[2].trim();
  if (!body) return { problems: [`${file}: 正文为空`] };
  return {
    article: { ...v, category: String(v.category), tags: [...new Set(v.tags)], body, file },
    problems: [],
  };
}

/** Every *.md of `dir` (sorted by name); duplicate ids keep the first file and report the rest. */
export function readArticleFiles(dir: string): { articles: ArticleFile[]; problems: string[] } {
  if (!fs.existsSync(dir)) return { articles: [], problems: [`${dir}: 文章目录不存在`] };
  const articles: ArticleFile[] = [];
  const problems: string[] = [];
  const seen = new Map<number, string>();
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.md')).sort()) {
    const result = parseArticle(fs.readFileSync(path.join(dir, name), 'utf8'), name);
    problems.push(...result.problems);
    if (!result.article) continue;
    const other = seen.get(result.article.id);
    if (other) {
      problems.push(`${name}: id ${result.article.id} 与 ${other} 重复`);
      continue;
    }
    seen.set(result.article.id, name);
    articles.push(result.article);
  }
  return { articles, problems };
}
