// A listener's own LibreOffice profile (one per listener: two soffice processes on one profile hand
// jobs to each other and exit). Seeded with Simplified Chinese as the default and East Asian
// language, so text without a language of its own gets Chinese glyph forms and fonts; and locked
// down for visitors' documents: no macros, links never updated, links from untrusted documents
// blocked. LibreOffice 7.4 still resolves some import-time links (RTF INCLUDEPICTURE), which is why
// listeners also run in a sandbox that holds no other files (sandbox.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const PROFILE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>zh-CN</value></prop></item>
<item oor:path="/org.openoffice.Office.Linguistic/General"><prop oor:name="DefaultLocale" oor:op="fuse"><value>zh-CN</value></prop></item>
<item oor:path="/org.openoffice.Office.Linguistic/General"><prop oor:name="DefaultLocale_CJK" oor:op="fuse"><value>zh-CN</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

/** Creates the profile on first use; LibreOffice merges its own settings into the file afterwards. */
export async function prepareProfile(profileDir: string): Promise<void> {
  const userDir = path.join(profileDir, 'user');
  await mkdir(userDir, { recursive: true });
  await writeFile(path.join(userDir, 'registrymodifications.xcu'), PROFILE_SETTINGS, { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}
