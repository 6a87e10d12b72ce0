// A listener's own LibreOffice profile (one per listener: two soffice processes on one profile hand
// jobs to each other and exit). Seeded with Simplified Chinese as the default and East Asian
// language, so text without a language of its own gets Chinese glyph forms and fonts.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const CHINESE_LOCALE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>zh-CN</value></prop></item>
<item oor:path="/org.openoffice.Office.Linguistic/General"><prop oor:name="DefaultLocale" oor:op="fuse"><value>zh-CN</value></prop></item>
<item oor:path="/org.openoffice.Office.Linguistic/General"><prop oor:name="DefaultLocale_CJK" oor:op="fuse"><value>zh-CN</value></prop></item>
</oor:items>
`;

/** Creates the profile on first use; LibreOffice merges its own settings into the file afterwards. */
export async function prepareProfile(profileDir: string): Promise<void> {
  const userDir = path.join(profileDir, 'user');
  await mkdir(userDir, { recursive: true });
  await writeFile(path.join(userDir, 'registrymodifications.xcu'), CHINESE_LOCALE_SETTINGS, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}
