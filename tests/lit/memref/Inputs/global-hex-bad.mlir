memref.global "private" constant @short : memref<4xi32> = dense<"0x010000000200">
