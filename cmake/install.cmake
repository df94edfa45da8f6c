# `cmake --install build --prefix P`: P/bin/panta and its files in P/share/panta (the helper's
# jars, prompts/, test-stack/, pitest/; core/data_dir.h finds them from the binary's path), the
# man page in P/share/man/man1 (when pandoc made it). `cpack` (in build/) makes a Debian package
# of the same tree under /usr, declaring what Panta runs: a JDK 17 or newer, bubblewrap, Maven
# (and the shared libraries it links, through dpkg-shlibdeps).
include(GNUInstallDirs)
# Installing (and cpack) takes the build as it is: it builds nothing first, so a package made
# while tests run never relinks the binary they use. Build first (`make build`).
set(CMAKE_SKIP_INSTALL_ALL_DEPENDENCY ON)
set(PANTA_INSTALL_DATA ${CMAKE_INSTALL_DATADIR}/panta)

install(TARGETS panta RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${CMAKE_BINARY_DIR}/panta-runner.jar ${CMAKE_BINARY_DIR}/panta-runner-junit.jar
              ${CMAKE_BINARY_DIR}/jacocoagent.jar
        DESTINATION ${PANTA_INSTALL_DATA})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/prompts/ DESTINATION ${PANTA_INSTALL_DATA}/prompts)
# The listings name jars by their build paths: installed, they name those inside their folder
# relative to it (read by core/data_dir.h's listed_path); Debian's /usr/share/java stay absolute.
foreach(listed test-stack pitest)
  install(DIRECTORY ${CMAKE_BINARY_DIR}/${listed}/ DESTINATION ${PANTA_INSTALL_DATA}/${listed}
          OPTIONAL PATTERN classpath.txt EXCLUDE)
  install(CODE "
    set(listing \"${CMAKE_BINARY_DIR}/${listed}/classpath.txt\")
    if(EXISTS \"\${listing}\")
      file(READ \"\${listing}\" text)
      string(REPLACE \"${CMAKE_BINARY_DIR}/${listed}/\" \"\" text \"\${text}\")
      set(to \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${PANTA_INSTALL_DATA}/${listed}/classpath.txt\")
      message(STATUS \"Installing: \${to}\")
      file(WRITE \"\${to}\" \"\${text}\")
    endif()")
endforeach()
# The manual, which messages and the man page point to (docs/sandbox.md, ...).
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
# The class-data sharing archive is left out: it holds the build's jar paths and the JVM would
# refuse it elsewhere (the helper then starts without one, a little slower).

# panta(1) from the command pages of docs/cli (pandoc, when installed).
find_program(PANTA_PANDOC pandoc)
file(GLOB PANTA_CLI_DOCS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/docs/cli/*.md)
if(PANTA_PANDOC AND PANTA_CLI_DOCS)
  add_custom_command(
    OUTPUT ${CMAKE_BINARY_DIR}/panta.1
    COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/make-manpage.sh ${PANTA_PANDOC}
            ${CMAKE_SOURCE_DIR}/docs ${CMAKE_BINARY_DIR}/panta.1 ${PROJECT_VERSION}
    DEPENDS ${PANTA_CLI_DOCS} ${CMAKE_SOURCE_DIR}/scripts/make-manpage.sh
    COMMENT "Making the man page panta.1 from docs/cli"
    VERBATIM)
  add_custom_target(panta_manpage ALL DEPENDS ${CMAKE_BINARY_DIR}/panta.1)
  install(FILES ${CMAKE_BINARY_DIR}/panta.1 DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME panta)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Writes JUnit tests for Java classes with an LLM, guided by control-flow paths and coverage")
set(CPACK_PACKAGE_CONTACT "Panta developers <panta@localhost>")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "openjdk-17-jdk-headless | java-sdk-headless (>= 17) | default-jdk-headless, bubblewrap, maven")
include(CPack)

# The install and the package, end to end (tests/install/install_test.sh).
add_test(NAME install_and_package
  COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install/install_test.sh ${CMAKE_BINARY_DIR}
          ${CMAKE_SOURCE_DIR} ${CMAKE_BINARY_DIR}/install-test)
set_tests_properties(install_and_package PROPERTIES TIMEOUT 900)
