// Pinyin of the Chinese characters in the tool titles, so a visitor can type "hebing" or "hb" for
// PDF合并. A static table rather than a pinyin library in the browser: the titles are ours and few,
// and a dictionary would weigh far more than the whole search. Each character has the one reading
// it has in our titles (长图 is chang, not zhang). tests/unit/tool-search.test.ts fails when a
// title gains a character that is missing here.
const READINGS =
  'an安 bao包 ban版 ben本 bie别 bing并 cai裁 ce测 cha插 chai拆 chang长 chu除 chuo戳 dao导 di底 dian电 fan翻 fen分 ' +
  'ge格 he合 huan换 jia加 jian件间剪检 jie解 ma码 mi密 mian面 miao描 pian片 pin频 qie切 qu取去 quan全 ru入 ' +
  'sao扫 se色 shan删 shi视式识时 shu书 shui水 si思 suo缩 ti提体 tian添 tu图 wei维 wen文 xian线 xuan旋 ' +
  'ya压 ye页 yi译 yin音印 yu语 zai在 zhao照 zheng证 zhuan转 zi子字';

/** Character → its reading, built from the compact list above. */
export const PINYIN: ReadonlyMap<string, string> = new Map(
  READINGS.split(' ').flatMap((entry) => {
    const [, reading, chars] = /^([a-z]+)(.+)$/.exec(entry) ?? [];
    return [...(chars ?? '')].map((char) => [char, reading] as [string, string]);
  }),
);

export interface PinyinForms {
  /** Every character's full reading, Latin words kept: PDF合并 → pdfhebing. */
  full: string;
  /** Initials of the Chinese characters, Latin words kept: pdfhb. */
  initials: string;
  /** Initials of everything, a Latin word counting as one: pdf合并 → phb, PDF转Word → pzw. */
  shortInitials: string;
}

/** The pinyin forms of a text (lower case; characters without a reading are kept as they are). */
export function pinyinForms(text: string): PinyinForms {
  let full = '';
  let initials = '';
  let shortInitials = '';
  // Latin words and runs of digits count as one unit each; every CJK character is its own unit.
  for (const unit of text.toLowerCase().match(/[a-z0-9]+|\S/g) ?? []) {
    const reading = PINYIN.get(unit);
    if (reading) {
      full += reading;
      initials += reading[0];
      shortInitials += reading[0];
    } else {
      full += unit;
      initials += unit;
      shortInitials += unit[0];
    }
  }
  return { full, initials, shortInitials };
}
