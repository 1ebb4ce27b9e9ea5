-- HBase numerics from REALs as the Javas that HBase clients run write them
-- (BigDecimal.valueOf: Double.toString, which changed in Java 19), and the
-- BlobCopy cases where HBase's own bytes are odd. docs/hbase.md explains.
-- Every value here is one that HBase 2.6.7's OrderedBytes.java wrote on
-- Java 17 and Java 25 (test/hbase/vectors-2.6*.tsv).
.mode quote
.echo on
-- the default is Java 8-18: 2^-1073 is 1.0E-323 there, 9.9E-324 from Java 19
SELECT 'java.default', hex(ok_hbase_pack(ieee754(1, -1073))), hex(ok_hbase_numeric(ieee754(1, -1073))), hex(ok_hbase_numeric(ieee754(1, -1073), 17));
SELECT 'java.versions', hex(ok_hbase_numeric(ieee754(1, -1073), 8)), hex(ok_hbase_numeric(ieee754(1, -1073), 18)), hex(ok_hbase_numeric(ieee754(1, -1073), 19)), hex(ok_hbase_numeric(ieee754(1, -1073), 21)), hex(ok_hbase_numeric(ieee754(1, -1073), 25));
-- one or two digits more on Java 8-18: -2^-24, 43753DA88508CE74
SELECT 'java.more_digits', hex(ok_hbase_numeric(-ieee754(1, -24))), hex(ok_hbase_numeric(-ieee754(1, -24), 21)), hex(ok_hbase_numeric(ieee754_from_blob(x'43753DA88508CE74'))), hex(ok_hbase_numeric(ieee754_from_blob(x'43753DA88508CE74'), 25));
-- most doubles print alike on both
SELECT 'java.same', hex(ok_hbase_numeric(0.1)) = hex(ok_hbase_numeric(0.1, 21)), hex(ok_hbase_numeric(16739.77)), hex(ok_hbase_numeric(16739.77, 25));
-- a key for a Java 21 client: the REAL through ok_hbase_numeric(x, 21)
SELECT 'java.pack_21', hex(ok_hbase_pack('user', ok_hbase_numeric(-ieee754(1, -24), 21))), hex(ok_hbase_pack('user', -ieee754(1, -24)));
SELECT 'java.desc', hex(ok_hbase_desc(ok_hbase_numeric(ieee754(1, -1073), 21))), hex(ok_hbase_desc(ieee754(1, -1073)));
-- integers and decimal TEXT do not depend on the Java
SELECT 'java.ints_and_text', hex(ok_hbase_numeric(42, 21)), hex(ok_hbase_numeric('1.5', 8)), ok_hbase_numeric(NULL, 21);
-- reading: either Java's decimal of a double reads as that REAL
SELECT 'read.real_either', ok_unpack_col(x'165E14', 1, 'hbase') = ieee754(1, -1073), ok_unpack_col(x'165E13B4', 1, 'hbase') = ieee754(1, -1073), typeof(ok_unpack_col(x'1403F43EF67EA068B0F2CD', 1, 'hbase')), ok_unpack_col(x'1403F43EF67EA068B0F2CD', 1, 'hbase') = -ieee754(1, -24);
-- an integral decimal within int64 reads as that INTEGER, its exact value
-- (-3.6802451089753075E17, as both Javas print that double); CAST AS REAL
-- gives the double back
SELECT 'read.integral', hex(ok_hbase_numeric(-3.6802451089753075e17)), ok_unpack_col(x'0AB65ECE98EE3C94F09B', 1, 'hbase'), CAST(ok_unpack_col(x'0AB65ECE98EE3C94F09B', 1, 'hbase') AS REAL) = -3.6802451089753075e17;
-- ok_quote reads back: a decimal only Java 19+ writes is quoted with its Java
SELECT 'quote.java', ok_quote(x'165E13B4', 'hbase'), ok_quote(x'165E14', 'hbase'), ok_quote(x'E9A1EC4B', 'hbase');
SELECT 'quote.reads_back', ok_hbase_pack(ok_hbase_numeric(1e-323, 21)) = x'165E13B4', ok_hbase_pack(ok_hbase_desc(ok_hbase_numeric(1e-323, 21))) = x'E9A1EC4B';
SELECT 'json.plain', ok_json(x'165E13B4', 'hbase'), ok_json(x'165E14', 'hbase');
-- Orderly decimals: Java 8-18 by default, decimal(java=N) for another
SELECT 'orderly.java', hex(ok_orderly_pack('decimal', -ieee754(1, -24))), hex(ok_orderly_pack('decimal(java=21)', -ieee754(1, -24))), hex(ok_orderly_pack('decimal(java = 8)', -ieee754(1, -24)));
SELECT 'orderly.quote', ok_quote(ok_orderly_pack('decimal(java=21)', -ieee754(1, -24)), 'orderly:decimal(java=21)'), ok_quote(ok_orderly_pack('decimal', 0.5), 'orderly:decimal');
-- errors
SELECT ok_hbase_numeric(1.5, 'java 17');
SELECT ok_hbase_numeric(1.5, 17.0);
SELECT ok_hbase_numeric(1.5, 0);
SELECT ok_hbase_numeric(1.5, 1000);
SELECT ok_hbase_numeric(1.5, 17, 1);
SELECT ok_orderly_pack('decimal(java=0)', 1.5);
SELECT ok_orderly_pack('decimal(version=17)', 1.5);
-- BlobCopy. A null BlobCopy is HBase's null (05) ascending, but FA FF
-- descending: ok reads FA FF as one NULL and writes it with ok_hbase_raw
SELECT 'blob_copy.null_desc', ok_count(x'FAFF', 'hbase'), ok_unpack_col(x'FAFF', 1, 'hbase'), ok_quote(x'FAFF', 'hbase'), hex(ok_hbase_pack(ok_hbase_raw(x'FAFF'), 1));
SELECT 'blob_copy.null_desc_each', kind, typeof(value), length FROM ok_each(x'FAFFEA', 'hbase');
SELECT 'blob_copy.null_asc', hex(ok_hbase_pack(ok_hbase_blob_copy(NULL))), hex(ok_hbase_desc(NULL));
-- HBase writes an ascending BlobCopy before another item, though its own
-- skip then cannot find that item; ok refuses to, and reads such a key as
-- HBase does: one BlobCopy to the end (380D502926: HBase's bytes)
SELECT ok_hbase_pack(ok_hbase_blob_copy(x'0D50'), ok_hbase_int8(-90));
SELECT 'blob_copy.asc_then_item', ok_count(x'380D502926', 'hbase'), hex(ok_unpack_col(x'380D502926', 1, 'hbase'));
-- a descending BlobCopy before another item: HBase's decodeBlobCopy returns
-- the rest of the key less one byte (C41333002BAD532E); ok reads to the
-- terminator, as HBase's skip does
SELECT 'blob_copy.desc_then_item', hex(ok_hbase_pack(ok_hbase_desc(ok_hbase_blob_copy(x'C41333')), ok_hbase_desc(ok_hbase_int32(760426121)))), hex(ok_unpack_col(x'C73BECCCFFD452ACD176', 1, 'hbase')), ok_unpack_col(x'C73BECCCFFD452ACD176', 2, 'hbase');
