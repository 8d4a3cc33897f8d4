/**
 * Board geometry as data (DESIGN.md "Boards"; RULES.md §0, §2, §3): the {@link Board} type, the shared
 * point/line builder {@link fromPointsAndLines}, the n x n Alquerque generator with dens
 * {@link alquerque}, and the 11-point Hare-and-Hounds board {@link hareAndHounds}.
 */
export {
  DIR_DX,
  DIR_DY,
  DIR_NAMES,
  MAX_FILES,
  fromPointsAndLines,
  pointName,
  type Board,
  type Dir,
  type Point,
} from './board.js';
export { DEN_SIDES, alquerque, type AlquerqueOptions, type DenSide } from './alquerque.js';
export { hareAndHounds } from './hare-and-hounds.js';
export { boardSymmetries } from './symmetry.js';
