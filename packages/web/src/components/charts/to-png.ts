/**
 * Draws an SVG chart (a data URL, as ECharts' SVG renderer gives it) on a white canvas at twice its
 * size and answers a PNG: what a clinician pastes into a report.
 */
export async function svgDataUrlToPng(svgUrl: string, width: number, height: number, scale = 2): Promise<Blob> {
  const image = new Image();
  image.decoding = 'async';
  image.src = svgUrl;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas 2D is not available');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'));
}
