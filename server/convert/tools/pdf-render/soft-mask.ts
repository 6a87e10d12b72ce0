// A PDF image with a soft mask (/SMask) is stored as two images: the colours, and a grey one that
// says how opaque each pixel is. Extracted apart, the colours alone show the transparent parts in
// whatever colour the producer left there (black, mostly). Every path that takes images out of a
// PDF (pdf-getimg, and the page dump behind DOCX, PPTX, EPUB, HTML and OFD) joins the two here into
// one PNG with an alpha channel, so the picture keeps its transparency wherever it is placed.
import sharp from 'sharp';

/** Same limit as uploads: a mask can claim any size in its dictionary. */
const LIMITS = { limitInputPixels: 100_000_000 } as const;

/**
 * The image at `imageFile` as a PNG whose alpha is the grey mask at `maskFile` (white = opaque).
 * A mask of another size (the PDF allows that) is stretched over the image, as a PDF viewer does.
 */
export async function applySoftMask(imageFile: string, maskFile: string): Promise<Buffer> {
  // Colours first as raw sRGB: sharp removes alpha and converts colour late in its pipeline, which
  // would drop a channel joined in the same one.
  const colours = await sharp(imageFile, LIMITS).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = colours.info;
  const alpha = await sharp(maskFile, LIMITS).greyscale().resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  return sharp(colours.data, { raw: { width, height, channels } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}
