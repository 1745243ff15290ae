import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import {
  answerSteps,
  cellLabel,
  PAGE,
  PUZZLE_THEME,
  type SheetEntry,
  sheetLayout,
} from "../render/puzzle.js";

/** Points per millimetre: the layout is in millimetres of an A4 page. */
const PT = 72 / 25.4;

function colour(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

/**
 * The sheet as a PDF of two A4 pages — the puzzles, then the answers — laid out as the SVG
 * sheet is (render's sheetLayout), drawn with pdf-lib and its standard Helvetica. The dates
 * are fixed so the same puzzles give the same bytes.
 */
export async function puzzleSheetPdf(
  entries: readonly SheetEntry[],
  title: string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer("knight-tours");
  pdf.setCreator("knight puzzle new");
  const epoch = new Date(0);
  pdf.setCreationDate(epoch);
  pdf.setModificationDate(epoch);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const first = entries[0]!.puzzle.board;
  const slots = sheetLayout(entries.length, first.rows, first.cols);
  for (const answers of [false, true]) {
    const page = pdf.addPage([PAGE.width * PT, PAGE.height * PT]);
    const heading = answers ? `${title}: answers` : title;
    page.drawText(heading, {
      x: PAGE.margin * PT,
      y: (PAGE.height - PAGE.margin - 6) * PT,
      size: 6 * PT,
      font: bold,
    });
    entries.forEach((entry, k) => {
      drawBoard(page, entry, slots[k]!, answers, { regular, bold });
    });
  }
  return pdf.save({ useObjectStreams: false });
}

function drawBoard(
  page: PDFPage,
  entry: SheetEntry,
  slot: { x: number; y: number; cell: number },
  answers: boolean,
  fonts: { regular: PDFFont; bold: PDFFont },
): void {
  const { puzzle } = entry;
  const { board } = puzzle;
  const t = PUZZLE_THEME;
  const steps = answers ? answerSteps(puzzle, entry.answer.path) : null;
  const size = slot.cell * PT;
  // PDF's y axis points up: row 0 is at the top of the slot.
  const left = slot.x * PT;
  const top = (PAGE.height - slot.y) * PT;
  const fontSize = size * Math.min(0.42, 0.84 / (0.6 * String(board.vertexCount).length));
  for (let cell = 0; cell < board.cells; cell++) {
    const x = left + board.col(cell) * size;
    const y = top - (board.row(cell) + 1) * size;
    const fill = board.isHole(cell)
      ? t.hole
      : (board.row(cell) + board.col(cell)) % 2 === 1
        ? t.dark
        : t.light;
    page.drawRectangle({
      x,
      y,
      width: size,
      height: size,
      color: colour(fill),
      borderColor: colour(t.grid),
      borderWidth: 0.4,
    });
    const { text, clue } = cellLabel(puzzle, cell, steps);
    if (text === "") continue;
    const font = clue ? fonts.bold : fonts.regular;
    const width = font.widthOfTextAtSize(text, fontSize);
    page.drawText(text, {
      x: x + (size - width) / 2,
      y: y + (size - fontSize * 0.72) / 2,
      size: fontSize,
      font,
      color: colour(clue ? t.clue : t.answer),
    });
  }
  page.drawText(entry.caption, {
    x: left,
    y: top - board.rows * size - 4.5 * PT,
    size: 3.5 * PT,
    font: fonts.regular,
  });
}
