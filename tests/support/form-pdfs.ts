// A filled form as LibreOffice leaves one (issue 14, libreoffice-form.pdf): /NeedAppearances set and
// the values only in the fields' /V, their appearance streams still those of the empty form, so a
// reader of appearances (MuPDF) sees none of them. Beside them: a field whose appearance does show
// its value, a ticked check box, and a password field whose value must never come out as text.
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';

/** What a viewer shows in the fields whose values live only in /V. */
export const STALE_FIELD_VALUES = { first: 'Alice', notes: ['Bob Smith', 'Room 12'] };
/** The value of the field drawn by its own (fresh) appearance. */
export const DRAWN_FIELD_VALUE = 'Beijing';
export const PASSWORD_VALUE = 'Hunter2Secret';
export const FORM_LABELS = ['Application', 'First', 'Name', 'Notes', 'City', 'Agree', 'Password'];

export async function filledFormPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  const label = (text: string, y: number, size = 11) => page.drawText(text, { x: 50, y, size, font });
  label('Application', 780, 18);
  label('First Name', 720);
  form.createTextField('first').addToPage(page, { x: 150, y: 712, width: 200, height: 22, font });
  label('Notes', 680);
  const notes = form.createTextField('notes');
  notes.enableMultiline();
  notes.addToPage(page, { x: 150, y: 620, width: 200, height: 70, font });
  label('City', 590);
  const city = form.createTextField('city');
  city.setText(DRAWN_FIELD_VALUE);
  city.addToPage(page, { x: 150, y: 582, width: 200, height: 22, font });
  label('Agree', 550);
  const agree = form.createCheckBox('agree');
  agree.addToPage(page, { x: 150, y: 546, width: 14, height: 14 });
  agree.check();
  label('Password', 510);
  const secret = form.createTextField('secret');
  secret.enablePassword();
  secret.addToPage(page, { x: 150, y: 502, width: 200, height: 22, font });
  // Appearances drawn now, for the fields as they are: first, notes and secret empty.
  const blank = await PDFDocument.load(await doc.save());
  const fields = blank.getForm();
  const setValue = (name: string, value: string) => fields.getTextField(name).acroField.dict.set(PDFName.of('V'), PDFHexString.fromText(value));
  setValue('first', STALE_FIELD_VALUES.first);
  setValue('notes', STALE_FIELD_VALUES.notes.join('\n'));
  setValue('secret', PASSWORD_VALUE);
  fields.acroForm.dict.set(PDFName.of('NeedAppearances'), blank.context.obj(true));
  return Buffer.from(await blank.save({ updateFieldAppearances: false }));
}
