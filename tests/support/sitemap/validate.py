# Validates an XML file against an XSD with lxml (Debian's /usr/bin/python3): prints "valid" or the errors.
import sys
from lxml import etree

schema = etree.XMLSchema(etree.parse(sys.argv[1]))
doc = etree.parse(sys.argv[2])
if schema.validate(doc):
    print("valid")
else:
    for error in schema.error_log:
        print(f"{error.line}: {error.message}")
    sys.exit(1)
