import { decodeXML } from 'entities'

export type SsmRow = Record<string, string>

/** What a SOAP answer held: a fault's text, or whether the method's data set was there and its tables. */
export interface SoapAnswer {
  fault: string | null
  hasDataSet: boolean
  tables: Record<string, SsmRow[]>
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)

const textOf = (raw: string) => (raw.includes('&') ? decodeXML(raw) : raw)

const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

/** The index of the `>` that ends the tag opened at `from` (a `>` inside a quoted attribute value does not), or -1. */
function tagEnd(xml: string, from: number): number {
  let quote = 0
  for (let index = from; index < xml.length; index++) {
    const char = xml.charCodeAt(index)
    if (quote) {
      if (char === quote) quote = 0
    } else if (char === 34 || char === 39) quote = char
    else if (char === 62) return index
  }
  return -1
}

/** The end of a tag's name: the first space, tab, line break, `/` or `>` after `from`. */
function nameEnd(xml: string, from: number, end: number): number {
  for (let index = from; index < end; index++) {
    const char = xml.charCodeAt(index)
    if (char === 32 || char === 9 || char === 10 || char === 13 || char === 47) return index
  }
  return end
}

/**
 * Reads the SOAP answer of `method` as its text arrives (a rent roll of the whole operator is hundreds of megabytes).
 * A .NET DataSet writes a row's columns as child elements or, mapped so, as attributes; both are read, in document
 * order. Text is trimmed; entities (entities' decodeXML) and CDATA sections are read as text. Not a general XML
 * parser: it reads what a DataSet answer and a SOAP fault hold, elements found by depth (decision 025 measured
 * htmlparser2 at 35–115 µs a rent-roll row under load; this reader only splits at `<` and `>`).
 */
export function dataSetReader(method: string) {
  const answer: SoapAnswer = { fault: null, hasDataSet: false, tables: {} }
  const resultName = `${method}Result`
  // Envelope > Body > {method}Response > {method}Result > NewDataSet > table row > column
  const path: string[] = []
  let row: SsmRow | null = null
  let text: string | null = null
  let rest = ''
  const isFaultString = () => path.length === 4 && path[2] === 'Fault' && path[3] === 'faultstring'

  function open(name: string, attributes: string) {
    path.push(name)
    const depth = path.length
    if (depth === 5 && name === 'NewDataSet' && path[3] === resultName) answer.hasDataSet = true
    else if (depth === 6 && answer.hasDataSet && path[4] === 'NewDataSet') {
      const opened: SsmRow = {}
      if (attributes.includes('='))
        for (const [, key, double, single] of attributes.matchAll(ATTRIBUTE))
          opened[localName(key!)] = textOf(double ?? single ?? '').trim()
      row = opened
    } else if ((row && depth === 7) || isFaultString()) text = ''
  }

  function close() {
    const depth = path.length
    if (row && depth === 7 && text !== null) row[path[6]!] = text.trim()
    else if (row && depth === 6) {
      ;(answer.tables[path[5]!] ??= []).push(row)
      row = null
    } else if (isFaultString()) answer.fault = (text ?? '').trim()
    text = null
    path.pop()
  }

  function write(chunk: string) {
    const xml = rest + chunk
    let at = 0
    for (;;) {
      const lt = xml.indexOf('<', at)
      if (lt === -1) break
      if (text !== null && lt > at) text += textOf(xml.slice(at, lt))
      at = lt
      const next = xml.charCodeAt(lt + 1)
      if (next === 47) {
        // </name>
        const end = xml.indexOf('>', lt)
        if (end === -1) break
        close()
        at = end + 1
      } else if (next === 63) {
        // <?xml …?>
        const end = xml.indexOf('?>', lt)
        if (end === -1) break
        at = end + 2
      } else if (next === 33) {
        if (xml.length < lt + 9) break
        if (xml.startsWith('<!--', lt)) {
          const end = xml.indexOf('-->', lt + 4)
          if (end === -1) break
          at = end + 3
        } else if (xml.startsWith('<![CDATA[', lt)) {
          const end = xml.indexOf(']]>', lt + 9)
          if (end === -1) break
          if (text !== null) text += xml.slice(lt + 9, end)
          at = end + 3
        } else {
          const end = xml.indexOf('>', lt)
          if (end === -1) break
          at = end + 1
        }
      } else {
        const end = tagEnd(xml, lt + 1)
        if (end === -1) break
        const selfClosing = xml.charCodeAt(end - 1) === 47
        const tagEndAt = selfClosing ? end - 1 : end
        const nameAt = nameEnd(xml, lt + 1, tagEndAt)
        open(localName(xml.slice(lt + 1, nameAt)), xml.slice(nameAt, tagEndAt))
        if (selfClosing) close()
        at = end + 1
      }
    }
    rest = xml.slice(at)
  }

  return {
    write,
    end(): SoapAnswer {
      return answer
    },
  }
}
