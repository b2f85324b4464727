import { expect, test } from 'vitest'
import { aislesOf, moveAisle, reverseAisle, tracedFirst } from './walk-order-draft.ts'

const floors = new Map([
  ['A101', 1],
  ['A102', 1],
  ['B101', 1],
  ['B102', 1],
  ['A201', 2],
  ['A202', 2],
])
const order = ['A101', 'A102', 'B101', 'B102', 'A201', 'A202']

test('the walk order is cut into aisles: runs of one floor and one building letter', () => {
  expect(aislesOf(order, floors).map((aisle) => [aisle.floor_no, aisle.letters, aisle.unit_nos])).toEqual([
    [1, 'A', ['A101', 'A102']],
    [1, 'B', ['B101', 'B102']],
    [2, 'A', ['A201', 'A202']],
  ])
  expect(aislesOf(['A101', 'B101', 'A102'], floors).map((aisle) => aisle.unit_nos)).toEqual([
    ['A101'],
    ['B101'],
    ['A102'],
  ])
})

test('an aisle moves as a whole; another walks the other way round', () => {
  const aisles = aislesOf(order, floors)
  expect(moveAisle(aisles, 1, 0)).toEqual(['B101', 'B102', 'A101', 'A102', 'A201', 'A202'])
  expect(moveAisle(aisles, 0, 2)).toEqual(['B101', 'B102', 'A201', 'A202', 'A101', 'A102'])
  expect(moveAisle(aisles, 0, 9)).toEqual(['B101', 'B102', 'A201', 'A202', 'A101', 'A102'])
  expect(reverseAisle(aisles, 1)).toEqual(['A101', 'A102', 'B102', 'B101', 'A201', 'A202'])
})

test('units traced on the map come first in the order crossed, the rest after as they were', () => {
  expect(tracedFirst(order, ['B102', 'A101'])).toEqual(['B102', 'A101', 'A102', 'B101', 'A201', 'A202'])
  expect(tracedFirst(order, [])).toEqual(order)
})
