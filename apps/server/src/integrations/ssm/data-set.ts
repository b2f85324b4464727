import { Parser } from 'htmlparser2'

export type SsmRow = Record<string, string>

/** What a SOAP answer held: a fault's text, or whether the method's data set was there and its tables. */
export interface SoapAnswer {
  fault: string | null
  hasDataSet: boolean
  tables: Record<string, SsmRow[]>
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/**
 * Reads `method`'s SOAP answer as it arrives (a whole rent roll is hundreds of MB); columns as child elements or
 * attributes, in document order, trimmed and decoded.
 */
export function dataSetReader(method: string) {
  const answer: SoapAnswer = { fault: null, hasDataSet: false, tables: {} }
  // Envelope > Body > {method}Response > {method}Result > NewDataSet > table row > column
  const path: string[] = []
  let row: SsmRow | null = null
  let text: string | null = null
  const isFaultString = () => path.length === 4 && path[2] === 'Fault' && path[3] === 'faultstring'
  const parser = new Parser(
    {
      onopentag(rawName, attributes) {
        path.push(localName(rawName))
        if (path.length === 5 && path[4] === 'NewDataSet' && path[3] === `${method}Result`) answer.hasDataSet = true
        else if (path.length === 6 && answer.hasDataSet && path[4] === 'NewDataSet') {
          row = {}
          for (const key in attributes) row[localName(key)] = attributes[key]!.trim()
        } else if ((row && path.length === 7) || isFaultString()) text = ''
      },
      ontext(chunk) {
        if (text !== null) text += chunk
      },
      onclosetag() {
        if (row && path.length === 7 && text !== null) row[path[6]!] = text.trim()
        else if (row && path.length === 6) {
          ;(answer.tables[path[5]!] ??= []).push(row)
          row = null
        } else if (isFaultString()) answer.fault = (text ?? '').trim()
        text = null
        path.pop()
      },
    },
    { xmlMode: true, decodeEntities: true },
  )
  return {
    write: (chunk: string) => parser.write(chunk),
    end(): SoapAnswer {
      parser.end()
      return answer
    },
  }
}
