PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE runsets (
  id INTEGER PRIMARY KEY,
  label TEXT NOT NULL UNIQUE,
  path TEXT NOT NULL,
  explicit_label INTEGER NOT NULL,
  files_sha256 TEXT NOT NULL UNIQUE,
  data_sha256 TEXT NOT NULL,
  run_time TEXT,
  added_at TEXT NOT NULL,
  title TEXT,
  description TEXT,
  n_generated INTEGER NOT NULL);
INSERT INTO runsets VALUES(1,'6.1','tests/data/trend/kernels/6.1',1,'82ab8bc84e6c51758099cb4966e0798070755c9d9ae7c122ddb9c7b1eba74cfb','e8ae1e8d42f703c58d3fc0d33b759e40934d05c00e733b5ee089c94493257334',NULL,'2025-12-01 00:00:00',NULL,NULL,0);
INSERT INTO runsets VALUES(2,'6.2','tests/data/trend/kernels/6.2',1,'28dbda224667d5251d6be53623fb0d51a5b69578aefb3d2c31590bb2e9ea5310','638307980932cd9ecd0fe748a8ef5cd39c8c31a6a1ba4dac94d17cafc0d19c7a',NULL,'2025-12-01 00:00:00',NULL,NULL,0);
INSERT INTO runsets VALUES(3,'6.3','tests/data/trend/kernels/6.3',1,'ee0526d42d2be70b780ef61103721d61b37e9b55bfd57f9b8957d43aa2d48c83','913f66cfaba94470a5d702b41d41cc310d0b88522e2016c818e5ea21f1eabbf3',NULL,'2025-12-01 00:00:00',NULL,NULL,0);
INSERT INTO runsets VALUES(4,'blogbench-gce-docker-run3','tests/data/corpus/pts/blogbench-gce-docker-run3.xml',0,'13b6acea2186bfe4f50640e767b2377fefa79d0062a2fbfe615c857a39761483','f571a0bf50c0f9057845277937b49a69a5c740bc11fb1b26cc453d1ee3b53bed','2018-11-28 05:39:28','2025-12-01 00:00:00','2018-11-28-0539','KVM testing on Clear Linux OS 24870 via the Phoronix Test Suite.',1);
CREATE TABLE runset_generated (
  runset_id INTEGER NOT NULL REFERENCES runsets(id),
  seq INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (runset_id, seq));
INSERT INTO runset_generated VALUES(4,0,'LastModified','2018-11-28 06:03:03');
INSERT INTO runset_generated VALUES(4,1,'TestClient','Phoronix Test Suite v8.0.1 (Aremark)');
CREATE TABLE files (
  runset_id INTEGER NOT NULL REFERENCES runsets(id),
  path TEXT NOT NULL, sha256 TEXT NOT NULL, size INTEGER NOT NULL,
  PRIMARY KEY (runset_id, path));
INSERT INTO files VALUES(1,'tests/data/trend/kernels/6.1/runs.csv','3abe4270f35acec8a6c29e405bd42733f0afe7c25df9d0cbf802cbff4e07e73d',610);
INSERT INTO files VALUES(2,'tests/data/trend/kernels/6.2/runs.csv','eab5316a2620a16e028db7f1d22e4d66024aa88bbaa545853f53f4f95e2b18a9',610);
INSERT INTO files VALUES(3,'tests/data/trend/kernels/6.3/runs.csv','288fb89e68bb089801836f7cade19af54af3a756ffcf7378d5955310e1101536',610);
INSERT INTO files VALUES(4,'tests/data/corpus/pts/blogbench-gce-docker-run3.xml','adcd10e7d627e5d0eb79cc202229a9468974d0377962292fc25a803c94cf0e7a',4872);
CREATE TABLE systems (
  id INTEGER PRIMARY KEY,
  runset_id INTEGER NOT NULL REFERENCES runsets(id),
  seq INTEGER NOT NULL, name TEXT,
  hardware TEXT, software TEXT, json TEXT,
  declared INTEGER NOT NULL, undeclared INTEGER NOT NULL,
  UNIQUE (runset_id, seq));
INSERT INTO systems VALUES(1,1,0,NULL,NULL,NULL,NULL,0,0);
INSERT INTO systems VALUES(2,2,0,NULL,NULL,NULL,NULL,0,0);
INSERT INTO systems VALUES(3,3,0,NULL,NULL,NULL,NULL,0,0);
INSERT INTO systems VALUES(4,4,0,'PersistentDisk','Processor: Intel Xeon @ 2.20GHz (4 Cores / 8 Threads), Motherboard: Google Compute Engine, Memory: 30720MB, Disk: 268GB PersistentDisk','OS: Clear Linux OS 24870, Kernel: 4.15.0-1024-gcp (x86_64), Compiler: GCC 8.2.0 + Clang 6.0.1 + LLVM 6.0.1, File-System: aufs, System Layer: KVM','{"compiler-configuration":"--build=x86_64-generic-linux --disable-libmpx --disable-libunwind-exceptions --disable-multiarch --disable-vtable-verify --enable-__cxa_atexit --enable-bootstrap --enable-clocale=gnu --enable-gnu-indirect-function --enable-languages=c,c++,fortran,go --enable-ld=default --enable-libstdcxx-pch --enable-lto --enable-multilib --enable-plugin --enable-shared --enable-threads=posix --exec-prefix=\/usr --includedir=\/usr\/include --target=x86_64-generic-linux --with-arch=westmere --with-glibc-version=2.19 --with-gnu-ld --with-isl --with-ppl=yes --with-tune=haswell","disk-scheduler":"NONE","environment-variables":"CFFLAGS=-g-O3-feliminate-unused-debug-types-pipe-Wall-Wp-D_FORTIFY_SOURCE=2-fexceptions-fstack-protector--param=ssp-buffer-size=32-Wl--copy-dt-needed-entries-m64-fasynchronous-unwind-tables-Wp-D_REENTRANT-ftree-loop-distribute-patterns-Wl-z-Wl now-Wl-z-Wl relro-malign-data=abi-fno-semantic-interposition-ftree-vectorize-ftree-loop-vectorize-Wl-sort-common-Wl--enable-new-dtags CFLAGS=-g-O3-feliminate-unused-debug-types-pipe-Wall-Wp-D_FORTIFY_SOURCE=2-fexceptions-fstack-protector--param=ssp-buffer-size=32-Wformat-Wformat-security-Wl--copy-dt-needed-entries-m64-fasynchronous-unwind-tables-Wp-D_REENTRANT-ftree-loop-distribute-patterns-Wl-z-Wl now-Wl-z-Wl relro-fno-semantic-interposition-ffat-lto-objects-fno-signed-zeros-fno-trapping-math-fassociative-math-Wl-sort-common-Wl--enable-new-dtags CXXFLAGS=-g-O3-feliminate-unused-debug-types-pipe-Wall-Wp-D_FORTIFY_SOURCE=2-fexceptions-fstack-protector--param=ssp-buffer-size=32-Wformat-Wformat-security-Wl--copy-dt-needed-entries-m64-fasynchronous-unwind-tables-Wp-D_REENTRANT-ftree-loop-distribute-patterns-Wl-z-Wl now-Wl-z-Wl relro-fno-semantic-interposition-ffat-lto-objects-fno-signed-zeros-fno-trapping-math-fassociative-math-Wl-sort-common-Wl--enable-new-dtags-fvisibility-inlines-hidden-Wl--enable-new-dtags FFLAGS=-g-O3-feliminate-unused-debug-types-pipe-Wall-Wp-D_FORTIFY_SOURCE=2-fexceptions-fstack-protector--param=ssp-buffer-size=32-Wl--copy-dt-needed-entries-m64-fasynchronous-unwind-tables-Wp-D_REENTRANT-ftree-loop-distribute-patterns-Wl-z-Wl now-Wl-z-Wl relro-malign-data=abi-fno-semantic-interposition-ftree-vectorize-ftree-loop-vectorize-Wl--enable-new-dtags THEANO_FLAGS=floatX=float32 openmp=true gcc.cxxflags=\"-ftree-vectorize-mavx\"","security":"KPTI + __user pointer sanitization + Full generic retpoline Protection"}',1,0);
CREATE TABLE system_notes (
  system_id INTEGER NOT NULL REFERENCES systems(id),
  kind TEXT NOT NULL CHECK (kind IN ('hw', 'sw', 'meta')),
  seq INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (system_id, kind, seq));
INSERT INTO system_notes VALUES(4,'hw',0,'Processor','Intel Xeon @ 2.20GHz (4 Cores / 8 Threads)');
INSERT INTO system_notes VALUES(4,'hw',1,'Motherboard','Google Compute Engine');
INSERT INTO system_notes VALUES(4,'hw',2,'Memory','30720MB');
INSERT INTO system_notes VALUES(4,'hw',3,'Disk','268GB PersistentDisk');
INSERT INTO system_notes VALUES(4,'sw',0,'OS','Clear Linux OS 24870');
INSERT INTO system_notes VALUES(4,'sw',1,'Kernel','4.15.0-1024-gcp (x86_64)');
INSERT INTO system_notes VALUES(4,'sw',2,'Compiler','GCC 8.2.0 + Clang 6.0.1 + LLVM 6.0.1');
INSERT INTO system_notes VALUES(4,'sw',3,'File-System','aufs');
INSERT INTO system_notes VALUES(4,'sw',4,'System Layer','KVM');
INSERT INTO system_notes VALUES(4,'meta',0,'compiler-configuration','--build=x86_64-generic-linux --disable-libmpx --disable-libunwind-exceptions --disable-multiarch --disable-vtable-verify --enable-__cxa_atexit --enable-bootstrap --enable-clocale=gnu --enable-gnu-indirect-function --enable-languages=c,c++,fortran,go --enable-ld=default --enable-libstdcxx-pch --enable-lto --enable-multilib --enable-plugin --enable-shared --enable-threads=posix --exec-prefix=/usr --includedir=/usr/include --target=x86_64-generic-linux --with-arch=westmere --with-glibc-version=2.19 --with-gnu-ld --with-isl --with-ppl=yes --with-tune=haswell');
INSERT INTO system_notes VALUES(4,'meta',1,'disk-scheduler','NONE');
INSERT INTO system_notes VALUES(4,'meta',2,'environment-variables','CFFLAGS=-g-O3-feliminate-unused-debug-types-pipe-Wall-Wp-D_FORTIFY_SOURCE=2-fexceptions-fstack-protector--param=ssp-buffer-size=32-Wl--copy-dt-needed-entries-m64-fasynchronous-unwind-tables-Wp-D_REENTRANT-ftree-loop-distribute-patterns-Wl-z-Wl now-Wl-z-Wl relro-malign-data=abi-fno-semantic-interposition-ftree-vectorize-ftree-loop-vectorize-Wl-sort-common-Wl--enable-new-dtags CFLAGS=-g-O3-feliminate-unused-debug-types-pipe-Wall-Wp-D_FORTIFY_SOURCE=2-fexceptions-fstack-protector--param=ssp-buffer-size=32-Wformat-Wformat-security-Wl--copy-dt-needed-entries-m64-fasynchronous-unwind-tables-Wp-D_REENTRANT-ftree-loop-distribute-patterns-Wl-z-Wl now-Wl-z-Wl relro-fno-semantic-interposition-ffat-lto-objects-fno-signed-zeros-fno-trapping-math-fassociative-math-Wl-sort-common-Wl--enable-new-dtags CXXFLAGS=-g-O3-feliminate-unused-debug-types-pipe-Wall-Wp-D_FORTIFY_SOURCE=2-fexceptions-fstack-protector--param=ssp-buffer-size=32-Wformat-Wformat-security-Wl--copy-dt-needed-entries-m64-fasynchronous-unwind-tables-Wp-D_REENTRANT-ftree-loop-distribute-patterns-Wl-z-Wl now-Wl-z-Wl relro-fno-semantic-interposition-ffat-lto-objects-fno-signed-zeros-fno-trapping-math-fassociative-math-Wl-sort-common-Wl--enable-new-dtags-fvisibility-inlines-hidden-Wl--enable-new-dtags FFLAGS=-g-O3-feliminate-unused-debug-types-pipe-Wall-Wp-D_FORTIFY_SOURCE=2-fexceptions-fstack-protector--param=ssp-buffer-size=32-Wl--copy-dt-needed-entries-m64-fasynchronous-unwind-tables-Wp-D_REENTRANT-ftree-loop-distribute-patterns-Wl-z-Wl now-Wl-z-Wl relro-malign-data=abi-fno-semantic-interposition-ftree-vectorize-ftree-loop-vectorize-Wl--enable-new-dtags THEANO_FLAGS=floatX=float32 openmp=true gcc.cxxflags="-ftree-vectorize-mavx"');
INSERT INTO system_notes VALUES(4,'meta',3,'security','KPTI + __user pointer sanitization + Full generic retpoline Protection');
INSERT INTO system_notes VALUES(4,'meta',4,'user','root');
INSERT INTO system_notes VALUES(4,'meta',5,'timestamp','2018-11-28 05:39:28');
INSERT INTO system_notes VALUES(4,'meta',6,'test-client-version','8.0.1');
CREATE TABLE system_sources (
  system_id INTEGER NOT NULL REFERENCES systems(id),
  seq INTEGER NOT NULL, path TEXT NOT NULL,
  PRIMARY KEY (system_id, seq));
INSERT INTO system_sources VALUES(1,0,'tests/data/trend/kernels/6.1/runs.csv');
INSERT INTO system_sources VALUES(2,0,'tests/data/trend/kernels/6.2/runs.csv');
INSERT INTO system_sources VALUES(3,0,'tests/data/trend/kernels/6.3/runs.csv');
INSERT INTO system_sources VALUES(4,0,'tests/data/corpus/pts/blogbench-gce-docker-run3.xml');
CREATE TABLE results (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  test TEXT NOT NULL, arguments TEXT NOT NULL,
  description TEXT NOT NULL, app_version TEXT NOT NULL,
  unit TEXT NOT NULL);
INSERT INTO results VALUES(1,'PostMarkTransactions/stx/s','PostMark','','Transactions/s','','tx/s');
INSERT INTO results VALUES(2,'fsync latency4k writesms','fsync latency','','4k writes','','ms');
INSERT INTO results VALUES(3,'Compilelinux trees','Compile','','linux tree','','s');
INSERT INTO results VALUES(4,'pts/blogbench-1.0READTest: Read1.0Final Score','pts/blogbench-1.0','READ','Test: Read','1.0','Final Score');
INSERT INTO results VALUES(5,'pts/blogbench-1.0WRITETest: Write1.0Final Score','pts/blogbench-1.0','WRITE','Test: Write','1.0','Final Score');
CREATE TABLE runset_results (
  runset_id INTEGER NOT NULL REFERENCES runsets(id),
  seq INTEGER NOT NULL,
  result_id INTEGER NOT NULL REFERENCES results(id),
  test_id TEXT NOT NULL, title TEXT NOT NULL,
  better TEXT NOT NULL, display TEXT NOT NULL,
  derived INTEGER NOT NULL,
  PRIMARY KEY (runset_id, seq));
INSERT INTO runset_results VALUES(1,0,1,'PostMark','PostMark','higher','bar',0);
INSERT INTO runset_results VALUES(1,1,2,'fsync latency','fsync latency','lower','bar',0);
INSERT INTO runset_results VALUES(1,2,3,'Compile','Compile','lower','bar',0);
INSERT INTO runset_results VALUES(2,0,1,'PostMark','PostMark','higher','bar',0);
INSERT INTO runset_results VALUES(2,1,2,'fsync latency','fsync latency','lower','bar',0);
INSERT INTO runset_results VALUES(2,2,3,'Compile','Compile','lower','bar',0);
INSERT INTO runset_results VALUES(3,0,1,'PostMark','PostMark','higher','bar',0);
INSERT INTO runset_results VALUES(3,1,2,'fsync latency','fsync latency','lower','bar',0);
INSERT INTO runset_results VALUES(3,2,3,'Compile','Compile','lower','bar',0);
INSERT INTO runset_results VALUES(4,0,4,'pts/blogbench-1.0.1','BlogBench','higher','bar',0);
INSERT INTO runset_results VALUES(4,1,5,'pts/blogbench-1.0.1','BlogBench','higher','bar',0);
CREATE TABLE cells (
  id INTEGER PRIMARY KEY,
  runset_id INTEGER NOT NULL REFERENCES runsets(id),
  result_seq INTEGER NOT NULL, seq INTEGER NOT NULL,
  system_id INTEGER NOT NULL REFERENCES systems(id),
  stored TEXT, stored_decimals INTEGER NOT NULL,
  n_stored INTEGER NOT NULL, n_failed INTEGER NOT NULL,
  fail_reason TEXT,
  UNIQUE (runset_id, result_seq, seq));
INSERT INTO cells VALUES(1,1,0,0,1,NULL,1,0,0,NULL);
INSERT INTO cells VALUES(2,1,1,0,1,NULL,3,0,0,NULL);
INSERT INTO cells VALUES(3,1,2,0,1,NULL,2,0,0,NULL);
INSERT INTO cells VALUES(4,2,0,0,2,NULL,1,0,0,NULL);
INSERT INTO cells VALUES(5,2,1,0,2,NULL,3,0,0,NULL);
INSERT INTO cells VALUES(6,2,2,0,2,NULL,2,0,0,NULL);
INSERT INTO cells VALUES(7,3,0,0,3,NULL,1,0,0,NULL);
INSERT INTO cells VALUES(8,3,1,0,3,NULL,3,0,0,NULL);
INSERT INTO cells VALUES(9,3,2,0,3,NULL,2,0,0,NULL);
INSERT INTO cells VALUES(10,4,0,0,4,'866867',0,1,0,NULL);
INSERT INTO cells VALUES(11,4,1,0,4,'4858',0,1,0,NULL);
CREATE TABLE samples (
  cell_id INTEGER NOT NULL REFERENCES cells(id),
  seq INTEGER NOT NULL, value,
  PRIMARY KEY (cell_id, seq)) WITHOUT ROWID;
INSERT INTO samples VALUES(1,0,4080.5999999999999091);
INSERT INTO samples VALUES(1,1,4060.6999999999998179);
INSERT INTO samples VALUES(1,2,4070.3000000000001817);
INSERT INTO samples VALUES(1,3,4096.1999999999998182);
INSERT INTO samples VALUES(1,4,4033.4999999999999998);
INSERT INTO samples VALUES(2,0,2.6049999999999999822);
INSERT INTO samples VALUES(2,1,2.4929999999999998827);
INSERT INTO samples VALUES(2,2,2.527000000000000135);
INSERT INTO samples VALUES(2,3,2.4969999999999998863);
INSERT INTO samples VALUES(2,4,2.5390000000000001456);
INSERT INTO samples VALUES(3,0,11.939999999999999502);
INSERT INTO samples VALUES(3,1,12.099999999999999644);
INSERT INTO samples VALUES(3,2,12.099999999999999644);
INSERT INTO samples VALUES(3,3,12.080000000000000071);
INSERT INTO samples VALUES(3,4,11.929999999999999715);
INSERT INTO samples VALUES(4,0,4130.1000000000003637);
INSERT INTO samples VALUES(4,1,4102.8999999999996362);
INSERT INTO samples VALUES(4,2,4109.1000000000003637);
INSERT INTO samples VALUES(4,3,4109.199999999999818);
INSERT INTO samples VALUES(4,4,4129.8999999999996364);
INSERT INTO samples VALUES(5,0,2.4380000000000001669);
INSERT INTO samples VALUES(5,1,2.5520000000000000461);
INSERT INTO samples VALUES(5,2,2.516999999999999904);
INSERT INTO samples VALUES(5,3,2.4510000000000000675);
INSERT INTO samples VALUES(5,4,2.5649999999999999467);
INSERT INTO samples VALUES(6,0,12.140000000000000568);
INSERT INTO samples VALUES(6,1,12.009999999999999787);
INSERT INTO samples VALUES(6,2,11.849999999999999644);
INSERT INTO samples VALUES(6,3,11.929999999999999715);
INSERT INTO samples VALUES(6,4,11.890000000000000568);
INSERT INTO samples VALUES(7,0,4140.8000000000001819);
INSERT INTO samples VALUES(7,1,4075.900000000000091);
INSERT INTO samples VALUES(7,2,4116.1999999999998181);
INSERT INTO samples VALUES(7,3,4040.0999999999999091);
INSERT INTO samples VALUES(7,4,4103.3999999999996362);
INSERT INTO samples VALUES(8,0,2.561999999999999833);
INSERT INTO samples VALUES(8,1,2.4900000000000002131);
INSERT INTO samples VALUES(8,2,2.4110000000000000319);
INSERT INTO samples VALUES(8,3,2.4790000000000000923);
INSERT INTO samples VALUES(8,4,2.516999999999999904);
INSERT INTO samples VALUES(9,0,11.949999999999999289);
INSERT INTO samples VALUES(9,1,11.949999999999999289);
INSERT INTO samples VALUES(9,2,12.0);
INSERT INTO samples VALUES(9,3,11.980000000000000426);
INSERT INTO samples VALUES(9,4,11.839999999999999858);
INSERT INTO samples VALUES(10,0,828709.0);
INSERT INTO samples VALUES(10,1,867190.0);
INSERT INTO samples VALUES(10,2,889343.0);
INSERT INTO samples VALUES(10,3,882227.0);
INSERT INTO samples VALUES(11,0,3885.0);
INSERT INTO samples VALUES(11,1,5099.0);
INSERT INTO samples VALUES(11,2,5589.0);
CREATE TABLE cell_notes (
  cell_id INTEGER NOT NULL REFERENCES cells(id),
  seq INTEGER NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (cell_id, seq));
INSERT INTO cell_notes VALUES(10,0,'compiler-options','{"compiler":"gcc","compiler-options":"-O3 -pipe -fexceptions -fstack-protector -m64 -ffat-lto-objects -fno-signed-zeros -fno-trapping-math -fassociative-math -pthread","compiler-type":"CC"}');
INSERT INTO cell_notes VALUES(10,1,'test-run-times','347.01:351.08:354.37:355.79');
INSERT INTO cell_notes VALUES(11,0,'compiler-options','{"compiler":"gcc","compiler-options":"-O3 -pipe -fexceptions -fstack-protector -m64 -ffat-lto-objects -fno-signed-zeros -fno-trapping-math -fassociative-math -pthread","compiler-type":"CC"}');
CREATE TABLE entries (
  cell_id INTEGER NOT NULL REFERENCES cells(id),
  seq INTEGER NOT NULL, value TEXT NOT NULL, raw TEXT, json TEXT,
  entry_seq INTEGER NOT NULL, n_samples INTEGER NOT NULL,
  failed INTEGER NOT NULL,
  PRIMARY KEY (cell_id, seq));
INSERT INTO entries VALUES(10,0,'866867','828709:867190:889343:882227','{"compiler-options":{"compiler-type":"CC","compiler":"gcc","compiler-options":"-O3 -pipe -fexceptions -fstack-protector -m64 -ffat-lto-objects -fno-signed-zeros -fno-trapping-math -fassociative-math -pthread"},"test-run-times":"347.01:351.08:354.37:355.79"}',0,4,0);
INSERT INTO entries VALUES(11,0,'4858','3885:5099:5589','{"compiler-options":{"compiler-type":"CC","compiler":"gcc","compiler-options":"-O3 -pipe -fexceptions -fstack-protector -m64 -ffat-lto-objects -fno-signed-zeros -fno-trapping-math -fassociative-math -pthread"}}',0,3,0);
CREATE VIEW sample_rows AS
  SELECT rs.label AS runset, coalesce(rs.run_time, rs.added_at)
         AS time, sy.name AS system, r.test, r.description,
         r.unit, rr.better, s.seq AS repetition, s.value
  FROM samples s JOIN cells c ON c.id = s.cell_id
  JOIN runsets rs ON rs.id = c.runset_id
  JOIN systems sy ON sy.id = c.system_id
  JOIN runset_results rr ON rr.runset_id = c.runset_id
       AND rr.seq = c.result_seq
  JOIN results r ON r.id = rr.result_id;
COMMIT;
PRAGMA application_id = 1179865683;
PRAGMA user_version = 1;
