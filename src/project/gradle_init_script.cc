#include "project/gradle_tool.h"

namespace panta::project {

// Groovy that Gradle 4.4 through 8.x accept: properties that came later (the `java`
// extension, toolchains, options.release, layout.buildDirectory) are tried in closures whose
// failure falls through to the older ones. Each project prints its block with one print call,
// so that parallel projects do not interleave their lines.
namespace {

constexpr std::string_view kInitScript =
    R"groovy(// Panta's init script: the task pantaDescribe prints, for each project of the build, its
// folders, class paths, Java release and compiler settings as "panta-gradle: KEY VALUE" lines.
def pantaFirst = { Closure... tries ->
  for (Closure t : tries) {
    try {
      def v = t.call()
      if (v != null && v.toString() != '') return v.toString()
    } catch (Exception ignored) {
    }
  }
  return null
}
def pantaOutputs = { sourceSet ->
  def output = sourceSet.output
  def dirs = output.hasProperty('classesDirs') ? output.classesDirs.files : [output.classesDir]
  return dirs + [output.resourcesDir]
}
allprojects { p ->
  p.tasks.create('pantaDescribe') {
    doLast {
      def out = new StringBuilder()
      def line = { String key, value -> out.append("panta-gradle: ${key} ${value}\n") }
      line('project', p.path)
      line('dir', p.projectDir.absolutePath)
      line('build-dir', pantaFirst({ p.layout.buildDirectory.get().asFile.absolutePath },
                                   { p.buildDir.absolutePath }))
      def sets = p.hasProperty('sourceSets') ? p.sourceSets : null
      if (sets != null && sets.findByName('main') != null && sets.findByName('test') != null) {
        def main = sets.main
        def test = sets.test
        main.java.srcDirs.each { line('source', it.absolutePath) }
        test.java.srcDirs.each { line('test-source', it.absolutePath) }
        main.resources.srcDirs.each { line('resource', it.absolutePath) }
        test.resources.srcDirs.each { line('test-resource', it.absolutePath) }
        pantaOutputs(main).each { line('output', it.absolutePath) }
        pantaOutputs(test).each { line('test-output', it.absolutePath) }
        def compileJava = p.tasks.findByName('compileJava')
        def release = pantaFirst({ p.extensions.findByName('java').toolchain.languageVersion.get().asInt() },
                                 { compileJava.options.release.get() },
                                 { p.extensions.findByName('java').sourceCompatibility },
                                 { p.sourceCompatibility })
        if (release != null) line('release', release)
        def encoding = pantaFirst({ compileJava.options.encoding })
        if (encoding != null) line('encoding', encoding)
        def compileTestJava = p.tasks.findByName('compileTestJava')
        def testRelease = pantaFirst({ compileTestJava.options.release.get() },
                                     { compileTestJava.targetCompatibility })
        if (testRelease != null) line('test-release', testRelease)
        [[compileJava, ''], [compileTestJava, 'test-']].each { task, prefix ->
          if (task == null) return
          task.options.compilerArgs.each { line(prefix + 'compiler-arg', it) }
          // Gradle 4.6 and later: the annotationProcessor configuration (empty: none runs).
          def processors = pantaFirst({ task.options.annotationProcessorPath != null ? 'set' : null })
          if (processors != null) {
            line(prefix + 'processor-path-set', 'true')
            task.options.annotationProcessorPath.files.each { line(prefix + 'processor-path', it.absolutePath) }
          }
        }
        def conf = { List names -> names.collect { p.configurations.findByName(it) }.find { it != null } }
        conf(['compileClasspath', 'compile'])?.files?.each { line('compile', it.absolutePath) }
        conf(['testRuntimeClasspath', 'testRuntime'])?.files?.each { line('test-runtime', it.absolutePath) }
      }
      line('end', p.path)
      print out.toString()
    }
  }
}
)groovy";

}  // namespace

std::string_view gradle_init_script() {
  return kInitScript;
}

}  // namespace panta::project
